package dev.webhooker.configfile;

import java.util.Locale;

import dev.webhooker.config.InvalidSettingException;

/** How the YAML config file ({@code WEBHOOKER_CONFIG}) relates to the groups and routes in the database. */
public enum ConfigFileMode {

    /** Imported once, into a database that holds no groups and no routes; afterwards the admin API owns them. */
    SEED,

    /** The file is the truth: applied at start and on every change; admin writes are refused. */
    SYNC;

    public static final String SETTING = "WEBHOOKER_CONFIG_MODE";

    public static ConfigFileMode parse(String value) {
        if (value == null || value.isBlank()) {
            return SEED;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "seed" -> SEED;
            case "sync" -> SYNC;
            default -> throw new InvalidSettingException(SETTING, "unknown mode \"" + value.trim() + "\" (expected seed or sync)");
        };
    }
}
