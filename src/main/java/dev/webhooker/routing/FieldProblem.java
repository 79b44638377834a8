package dev.webhooker.routing;

/** A shape problem at a field path; turned into a {@link ConfigError} by the entry that holds it. */
final class FieldProblem extends RuntimeException {

    final String field;

    FieldProblem(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }
}
