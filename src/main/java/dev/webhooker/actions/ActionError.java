package dev.webhooker.actions;

/**
 * Why an action did not happen, in words a user can act on. Each has the HTTP status the actions API answers with
 * and a text key ({@code chat.error.*})
 * for chat replies. None carries an internal error text.
 */
public enum ActionError {
    /** The chat user has no linked GitHub account. */
    NOT_LINKED(401, "Not linked"),
    /** No stored token, or GitHub answered 401 (the token is then forgotten). */
    TOKEN_EXPIRED(401, "Not authorized"),
    FORBIDDEN(403, "GitHub refused: no permission"),
    NOT_FOUND(404, "Not found on GitHub, or the repository is not accessible"),
    /** GitHub 405 or 409: not mergeable, already merged, a conflict. */
    CONFLICT(409, "GitHub refused: conflict"),
    /** GitHub 422: the request was valid JSON but GitHub would not accept it. */
    INVALID(422, "GitHub refused the request as invalid"),
    /** Our per-user limit, or GitHub's (429, or 403 with its rate-limit headers). */
    RATE_LIMITED(429, "Too many actions; try again later"),
    /** A Gitea link: no Gitea account can be linked, so nothing can act there. */
    UNSUPPORTED_FORGE(501, "Not supported for this forge"),
    /** GitHub answered 5xx, timed out, or could not be reached. */
    UNAVAILABLE(502, "GitHub API error");

    private final int status;
    private final String apiMessage;

    ActionError(int status, String apiMessage) {
        this.status = status;
        this.apiMessage = apiMessage;
    }

    public int status() {
        return status;
    }

    public String apiMessage() {
        return apiMessage;
    }

    /** The chat text key of this error. */
    public String textKey() {
        return "chat.error." + name().toLowerCase(java.util.Locale.ROOT);
    }
}
