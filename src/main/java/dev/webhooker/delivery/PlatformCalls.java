package dev.webhooker.delivery;

import dev.webhooker.routing.Target;

/**
 * Turns a rendered message into the platform request for a target: a new message, or an edit of
 * {@code editMessageId} there when it is not null. {@code idempotencyKey} identifies this (delivery, route, target)
 * so a platform that supports it (Discord's enforced nonce) drops a repeat of a send whose answer was lost.
 * The endpoint named in the call answers with a {@link SendOutcome} as its body: every answer is data.
 */
public interface PlatformCalls {

    PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey);
}
