package dev.webhooker.configfile;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import dev.webhooker.config.InvalidSettingException;

/**
 * The resolved file settings: which file (if any), shown under which name in messages, and the mode.
 * Without {@code WEBHOOKER_CONFIG} the default {@code config/webhooker.yaml} is used when it exists; a file
 * that was named explicitly must exist and be readable, or start-up stops naming the setting.
 *
 * @param file        the file, or {@code null} when there is none
 * @param displayName the path as configured, used as the prefix of every error line
 */
public record ConfigFileSettings(Path file, String displayName, ConfigFileMode mode) {

    public static final String SETTING = "WEBHOOKER_CONFIG";
    public static final String DEFAULT_FILE = "config/webhooker.yaml";

    /**
     * Resolves relative paths against {@code workingDir}. {@code defaultFile} is the file taken when
     * {@code file} is not set and it exists ({@link #DEFAULT_FILE}; blank: none). An unset {@code mode} is
     * {@code sync} when there is a file.
     */
    public static ConfigFileSettings resolve(String file, String mode, String defaultFile, Path workingDir) {
        ConfigFileMode named = ConfigFileMode.parse(mode);
        ConfigFileMode parsedMode = named == null ? ConfigFileMode.SYNC : named;
        if (file == null || file.isBlank()) {
            Path fallback = defaultFile == null || defaultFile.isBlank() ? null : workingDir.resolve(defaultFile);
            if (fallback != null && Files.isRegularFile(fallback)) {
                return readable(fallback, defaultFile, parsedMode);
            }
            if (named == ConfigFileMode.SYNC) {
                throw new InvalidSettingException(SETTING, "sync mode needs a config file, but none is set and "
                        + DEFAULT_FILE + " does not exist");
            }
            return new ConfigFileSettings(null, null, ConfigFileMode.SEED);
        }
        Path path;
        try {
            path = workingDir.resolve(file.trim());
        } catch (InvalidPathException e) {
            throw new InvalidSettingException(SETTING, "not a valid path: " + file.trim());
        }
        if (!Files.exists(path)) {
            throw new InvalidSettingException(SETTING, "file not found: " + file.trim());
        }
        return readable(path, file.trim(), parsedMode);
    }

    private static ConfigFileSettings readable(Path path, String name, ConfigFileMode mode) {
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new InvalidSettingException(SETTING, "cannot read " + name + " (not a readable file)");
        }
        return new ConfigFileSettings(path, name, mode);
    }

    public boolean hasFile() {
        return file != null;
    }
}
