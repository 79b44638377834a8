package dev.webhooker.delivery;

/**
 * Why a target attempt did not succeed (pipeline.md §4.6). Server errors, network errors and
 * exhausted short rate-limit waits are worth another try; anything else the platform refused
 * will be refused again, so it is final at once.
 */
public enum ErrorCode {
    NO_TARGET(false),
    NO_TOKEN(false),
    DISCORD_ERROR(false),
    DISCORD_5XX(true),
    TELEGRAM_ERROR(false),
    TELEGRAM_5XX(true),
    /** A webhook target refused the event (4xx, or a redirect, which is not followed). */
    WEBHOOK_ERROR(false),
    WEBHOOK_5XX(true),
    /** A webhook target answered 410 Gone: it asks not to be sent to any more. */
    WEBHOOK_GONE(false),
    /** Slack refused the message (channel_not_found, not_in_channel, invalid_blocks, a revoked incoming webhook…). */
    SLACK_ERROR(false),
    SLACK_5XX(true),
    /** Teams refused the card (a 4xx, or the legacy connector's error text in a 200). */
    TEAMS_ERROR(false),
    TEAMS_5XX(true),
    /** The target's address is not one webhooker sends to (loopback, private…; see WEBHOOK_TARGET_ALLOW). */
    TARGET_BLOCKED(false),
    /** The endpoint kept failing, or answered 410, and is disabled until an admin re-enables it (no request made). */
    TARGET_DISABLED(false),
    /**
     * The chat has not consented to the group's messages (no {@code /gh claim} there, no approval): no request made.
     * Final for this delivery; once the chat claims the group, a replay sends it.
     */
    CHAT_NOT_CLAIMED(false),
    NETWORK(true),
    RETRIES(true),
    /** The platform asked for a wait longer than we sleep in a worker: the target is rescheduled. */
    RATE_LIMITED(true),
    /** The event's own formatter failed; the generic message was sent instead. */
    FORMAT_ERROR(false),
    /** The parked payload is gone: dispatching an empty event would be wrong (P5). */
    PAYLOAD_MISSING(false),
    /** An unexpected exception inside the engine (not the platform's answer). */
    INTERNAL(true);

    private final boolean retryable;

    ErrorCode(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
