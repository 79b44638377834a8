package dev.webhooker.access;

/**
 * A request for a group the caller may not act on. {@link #notFound()} is true when the group is unknown
 * or not in the caller's scope: both answer 404 "Group not found", so nobody learns which ids exist.
 * Otherwise the caller sees the group but lacks the role (403).
 */
public class AccessDeniedException extends RuntimeException {

    private final boolean notFound;

    private AccessDeniedException(String message, boolean notFound) {
        super(message, null, false, false);
        this.notFound = notFound;
    }

    static AccessDeniedException groupNotFound() {
        return new AccessDeniedException("Group not found", true);
    }

    static AccessDeniedException forbidden() {
        return new AccessDeniedException("Forbidden", false);
    }

    public boolean notFound() {
        return notFound;
    }
}
