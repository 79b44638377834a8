package dev.webhooker.ingress;

/**
 * Every way ingress refuses a delivery, with its status and its public error text.
 * Unknown groups and groups without a secret share one entry on purpose: the answer must not reveal
 * which group ids exist.
 */
public enum Rejection {
    TOO_LARGE(413, "Request too large"),
    GROUP_NOT_FOUND(404, "Group not found"),
    UNKNOWN_PROVIDER(400, "Unknown webhook provider"),
    INVALID_EVENT(400, "Invalid event"),
    INVALID_SIGNATURE(401, "Invalid signature");

    private final int status;
    private final String error;

    Rejection(int status, String error) {
        this.status = status;
        this.error = error;
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }
}
