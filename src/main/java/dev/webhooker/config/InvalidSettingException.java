package dev.webhooker.config;

/**
 * A setting that cannot be used as given. Start-up stops with one line naming the setting
 * (see {@link SettingFailureAnalyzer}) instead of a stack trace.
 */
public class InvalidSettingException extends RuntimeException {

    private final String setting;

    public InvalidSettingException(String setting, String problem) {
        super(setting + ": " + problem);
        this.setting = setting;
    }

    public InvalidSettingException(String setting, String problem, Throwable cause) {
        super(setting + ": " + problem, cause);
        this.setting = setting;
    }

    public String setting() {
        return setting;
    }
}
