package dev.webhooker.format;

/** The payload lacks the object an event formatter is built around (e.g. a check_suite event without {@code check_suite}). */
class MissingObjectException extends RuntimeException {

    public MissingObjectException(String event, String object) {
        super(event + " payload has no '" + object + "' object");
    }
}
