package dev.webhooker.format;

/**
 * A formatted event. {@code formatError} is true when the event's own formatter failed and the generic
 * message was used instead; the delivery engine records a FORMAT_ERROR for it.
 */
public record FormattedMessage(NeutralMessage message, boolean formatError, String formatErrorDetail) {
}
