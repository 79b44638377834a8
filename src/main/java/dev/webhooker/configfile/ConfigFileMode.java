package dev.webhooker.configfile;

import java.util.Locale;

import dev.webhooker.config.InvalidSettingException;

/**
 * How the YAML config file ({@code WEBHOOKER_CONFIG}) relates to the groups and routes in the database.
 * Unset, the mode follows the file: {@code sync} when there is one (editing it and restarting, or just
 * saving it, does what it says), admin-managed when there is none.
 */
public enum ConfigFileMode {

    /** Imported once, into a database that holds no groups and no routes; afterwards the admin API owns them. */
    SEED,

    /**
     * The file is the truth for the groups it manages (those it names and those it wrote before): applied at start and
     * on every change; admin writes to those groups, and of whole lists, are refused. Other groups are kept.
     */
    SYNC;

    public static final String SETTING = "WEBHOOKER_CONFIG_MODE";

    /** The mode named by {@code value}; null when it is not set (the file decides, see {@link ConfigFileSettings}). */
    public static ConfigFileMode parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "seed" -> SEED;
            case "sync" -> SYNC;
            default -> throw new InvalidSettingException(SETTING, "\"" + value.trim() + "\" is not a mode (expected seed or sync)");
        };
    }
}
