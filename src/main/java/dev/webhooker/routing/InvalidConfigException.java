package dev.webhooker.routing;

import java.util.List;

/**
 * Groups or routes that cannot be stored or applied. The message is the first problem on one line
 * (plus how many more there are); {@link #errors()} has all of them for callers that show a list.
 */
public class InvalidConfigException extends RuntimeException {

    private final transient List<ConfigError> errors;

    public InvalidConfigException(List<ConfigError> errors) {
        this(null, errors);
    }

    private InvalidConfigException(String source, List<ConfigError> errors) {
        super(describe(source, errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an InvalidConfigException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public static InvalidConfigException single(String entry, String field, String message) {
        return new InvalidConfigException(List.of(ConfigError.of(entry, field, message)));
    }

    public List<ConfigError> errors() {
        return errors;
    }

    /** The same problems, with the message prefixed by where they came from (a file name). */
    public InvalidConfigException from(String source) {
        return new InvalidConfigException(source, errors);
    }

    private static String describe(String source, List<ConfigError> errors) {
        if (errors.isEmpty()) {
            return "";
        }
        String first = (source == null ? "" : source + ": ") + errors.get(0);
        return errors.size() == 1 ? first : first + " (and " + (errors.size() - 1) + " more problem" + (errors.size() == 2 ? "" : "s") + ")";
    }
}
