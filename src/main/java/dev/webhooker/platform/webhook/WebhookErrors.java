package dev.webhooker.platform.webhook;

import dev.webhooker.delivery.ErrorCode;

/** A webhook target's answers that are not a success. */
final class WebhookErrors {

    /** A webhook target refused the event (4xx, or a redirect, which is not followed). */
    static final ErrorCode WEBHOOK_ERROR = ErrorCode.refusedBy("webhook");
    static final ErrorCode WEBHOOK_5XX = ErrorCode.serverErrorOf("webhook");
    /** A webhook target answered 410 Gone: it asks not to be sent to any more. */
    static final ErrorCode WEBHOOK_GONE = ErrorCode.goneFrom("webhook");

    private WebhookErrors() {
    }
}
