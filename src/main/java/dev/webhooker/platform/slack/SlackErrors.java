package dev.webhooker.platform.slack;

import dev.webhooker.delivery.ErrorCode;

/** Slack's answers that are not a success: it refused, or failed on its side. */
final class SlackErrors {

    /** Slack refused the message (channel_not_found, not_in_channel, invalid_blocks, a revoked incoming webhook…). */
    static final ErrorCode SLACK_ERROR = ErrorCode.refusedBy("slack");
    static final ErrorCode SLACK_5XX = ErrorCode.serverErrorOf("slack");

    private SlackErrors() {
    }
}
