package dev.webhooker.delivery;

import java.util.Optional;

import dev.webhooker.routing.Target;

/**
 * Turns a rendered message into the platform request for a target: a new message, or an edit of
 * {@code editMessageId} there when it is not null. {@code idempotencyKey} identifies this (delivery, route, target)
 * so a platform that supports it (Discord's enforced nonce) drops a repeat of a send whose answer was lost.
 * The endpoint named in the call answers with a {@link SendOutcome} as its body: every answer is data.
 */
public interface PlatformCalls {

    PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey);

    /**
     * As {@link #call}, for a message of a pull request's or issue's thread whose root is {@code threadRoot} (the id
     * {@link #startThread} gave, or the first message's where a reply is the thread).
     */
    default PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                      String idempotencyKey) {
        return call(target, message, editMessageId, idempotencyKey);
    }

    /**
     * The first message of a thread named {@code title}, in the target's chat: a request that, where the chat is a forum,
     * opens the thread with it and answers its root ({@link SendOutcome#threadRoot()}); elsewhere the message as
     * {@link #call} sends it.
     */
    default PlatformCall openThread(Target target, RenderedMessage message, String title, String idempotencyKey) {
        return call(target, message, null, idempotencyKey);
    }

    /**
     * The request that starts a thread named {@code title} on the message {@code messageId}, whose answer's id is the
     * thread's root; empty where the message itself is the root (later messages reply to it).
     */
    default Optional<PlatformCall> startThread(Target target, String messageId, String title) {
        return Optional.empty();
    }
}
