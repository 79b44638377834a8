package dev.webhooker.routing;

import java.util.Locale;
import java.util.Optional;

/**
 * The seven filter types. The five field types test one value taken from the event; {@code label} tests each label
 * of the pull request or issue; {@code keyword} searches the whole payload text and therefore always has a value.
 */
enum FilterType {
    EVENT, REPO, ACTOR, ACTION, BRANCH, KEYWORD, LABEL;

    /** The type named by a filter's wire {@code type}; empty for an unknown or missing name. */
    public static Optional<FilterType> fromWire(String type) {
        if (type == null) {
            return Optional.empty();
        }
        for (FilterType t : values()) {
            if (t.wireName().equals(type)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isKeyword() {
        return this == KEYWORD;
    }
}
