package dev.webhooker.access;

import java.util.Locale;

/** A member's role in one group, weakest first. */
public enum Role {
    VIEWER, ADMIN, OWNER;

    /** The wire name: {@code viewer}, {@code admin}, {@code owner}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Role other) {
        return compareTo(other) >= 0;
    }

    /** A stored role; anything unknown counts as owner, as the original's member normalisation does. */
    static Role ofStored(String value) {
        if (value != null) {
            switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "viewer" -> {
                    return VIEWER;
                }
                case "admin" -> {
                    return ADMIN;
                }
                default -> {
                    return OWNER;
                }
            }
        }
        return OWNER;
    }
}
