package dev.webhooker.ingress;

/**
 * A delivery refused for a reason the sender can fix. {@code detail} says what is wrong and is sent
 * back; it never contains secrets or expected signatures.
 */
public class WebhookRejectedException extends RuntimeException {

    private final Rejection rejection;
    private final String detail;

    public WebhookRejectedException(Rejection rejection, String detail) {
        super(rejection.error() + (detail == null ? "" : ": " + detail), null, false, false);
        this.rejection = rejection;
        this.detail = detail;
    }

    public Rejection rejection() {
        return rejection;
    }

    /** May be null when the public error text says it all. */
    public String detail() {
        return detail;
    }
}
