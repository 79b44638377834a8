package dev.webhooker.delivery;

/**
 * One platform request as the delivery route sends it: the Camel endpoint that makes it ({@code discord:createMessage},
 * {@code telegram:sendMessage}…) and the body that endpoint takes. Or, when the target cannot be addressed (a
 * Telegram topic that is not a number, say), no request and the outcome that stands for it.
 */
public record PlatformCall(String endpoint, Object body, SendOutcome notSent) {

    public static PlatformCall to(String endpoint, Object body) {
        return new PlatformCall(endpoint, body, null);
    }

    public static PlatformCall refused(SendOutcome outcome) {
        return new PlatformCall(null, null, outcome);
    }

    public boolean sendable() {
        return notSent == null;
    }
}
