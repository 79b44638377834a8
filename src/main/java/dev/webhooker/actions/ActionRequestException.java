package dev.webhooker.actions;

/** A body of the actions API that cannot be acted on: 400 naming the field and what is wrong with it. */
final class ActionRequestException extends RuntimeException {

    private final String field;

    ActionRequestException(String field, String problem) {
        super(field == null ? problem : field + ": " + problem);
        this.field = field;
    }

    String field() {
        return field;
    }
}
