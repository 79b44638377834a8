package dev.webhooker.platform;

import java.util.Optional;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * What one platform package gives the delivery engine: how a neutral message looks there, and the request that sends
 * it (or edits a message sent before). Each platform package declares one as a Spring bean in its own
 * {@code @Configuration}, beside the Camel component its requests name; {@link Platforms} hands every target to the
 * one of its platform. What a platform means to the configuration (its target fields, their rules, its JSON) is its
 * {@link dev.webhooker.routing.TargetPlatform}.
 */
public interface PlatformDelivery {

    /** The platform's name as targets carry it ({@code discord}): the targets this one renders and sends. */
    String platform();

    /** The message in this platform's shape for {@code target}. */
    RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event);

    /**
     * The request for a message this platform rendered: a new message, or an edit of {@code editMessageId} when it is
     * not null. {@code idempotencyKey} names this (delivery, route, target) for a platform that drops repeats by it.
     */
    PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey);

    /**
     * The request for a message in the thread of a pull request or issue, whose root is {@code threadRoot}: a new
     * message into it, or an edit of {@code editMessageId} there. Only asked for targets whose {@link Target#threads()}
     * is on; a platform without threads never has one.
     */
    default PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                      String idempotencyKey) {
        return call(target, message, editMessageId, idempotencyKey);
    }

    /**
     * The request for the first message of a pull request's or issue's thread named {@code title}: where the chat is
     * made of threads (a forum), it opens one with the message and its answer names the thread
     * ({@link dev.webhooker.delivery.SendOutcome#threadRoot()}); elsewhere it posts the message to the chat, where
     * {@link #startThread} or the replies to it make the thread. By default, the message as {@link #call} sends it.
     */
    default PlatformCall openThread(Target target, RenderedMessage message, String title, String idempotencyKey) {
        return call(target, message, null, idempotencyKey);
    }

    /**
     * The request that starts a thread named {@code title} on the message {@code messageId} just sent; its answer's id
     * is the thread's root. Empty where a reply to the message is the thread, and the message's id its root.
     */
    default Optional<PlatformCall> startThread(Target target, String messageId, String title) {
        return Optional.empty();
    }
}
