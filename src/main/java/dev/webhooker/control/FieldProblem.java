package dev.webhooker.control;

import dev.webhooker.routing.ConfigError;

/**
 * One thing wrong in a request: {@code field} is the dotted path inside the body or entry ({@code targets[0].channelId},
 * {@code members[1].role}; a problem with one word of a list of words is the list's), {@code entry} the list element
 * of a configuration it is in ({@code routes[3] (id "ci")}), either empty when it does not apply.
 */
record FieldProblem(String entry, String field, String message) {

    static FieldProblem of(String field, String message) {
        return new FieldProblem("", field == null ? "" : field, message);
    }

    static FieldProblem of(ConfigError error) {
        return new FieldProblem(error.entry(), error.field(), error.message());
    }

    /** The whole line, as a configuration problem reads: {@code entry: field: message}. */
    @Override
    public String toString() {
        return ConfigError.of(entry, field, message).toString();
    }
}
