package dev.webhooker.delivery;

import dev.webhooker.routing.Target;

/**
 * Sends a rendered message to a target, or edits the message {@code editMessageId} there when it is
 * not null. {@code idempotencyKey} identifies this (delivery, route, target) so a platform that
 * supports it (Discord's enforced nonce) can drop a repeat of a send whose answer was lost.
 * Never throws for a platform's answer: every outcome is data.
 */
public interface PlatformSender {

    SendOutcome send(Target target, RenderedMessage message, String editMessageId, String idempotencyKey);
}
