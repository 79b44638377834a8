package dev.webhooker.store;

import java.util.Locale;

/**
 * Where a group or route came from, stored in the {@code source} column of {@code d1_groups} and {@code d1_routes}.
 * The config file in sync mode manages the groups whose origin is {@link #FILE} and the groups it names; the others
 * (and rows stored before origins were recorded, read as null) are never deleted by it.
 */
public enum ConfigOrigin {

    /** The YAML config file ({@code WEBHOOKER_CONFIG}), seed or sync mode. */
    FILE,
    /** The console and the admin API, including its whole-configuration import. */
    CONSOLE,
    /** The WebHooker import command. */
    IMPORT,
    /** Made from a chat command. */
    CHAT;

    /** As stored and shown: {@code file}, {@code console}, {@code import}, {@code chat}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The origin stored as {@code value}; null for null (a row from before origins were recorded) or an unknown word. */
    public static ConfigOrigin fromColumn(String value) {
        if (value == null) {
            return null;
        }
        for (ConfigOrigin origin : values()) {
            if (origin.wireName().equals(value)) {
                return origin;
            }
        }
        return null;
    }
}
