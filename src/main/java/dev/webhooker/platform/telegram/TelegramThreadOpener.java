package dev.webhooker.platform.telegram;

import static java.util.concurrent.CompletableFuture.completedFuture;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.DeliveryMdc;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/**
 * The producer of {@code telegram:openThread}, ours rather than a Bot API method: the first message of a pull
 * request's thread ({@link TelegramThreadOpening} in, SendOutcome out). In a forum supergroup a topic is created and
 * the message sent into it; the answer names the topic even when the message then failed, so the retry goes there.
 * Elsewhere the message is sent as it is. When Telegram refuses the topic (the bot lacks the right to manage topics),
 * the message goes to the chat, where the replies to it are the thread; a failure that may pass (network, 5xx, rate
 * limit), in asking for the chat or in creating the topic, is the answer, for the retry.
 */
final class TelegramThreadOpener extends AsyncPlatformProducer {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramThreadOpener.class);

    private final TelegramClient client;

    TelegramThreadOpener(TelegramEndpoint endpoint, TelegramClient client) {
        super(endpoint);
        this.client = client;
    }

    @Override
    protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
        return open(exchange.getMessage().getMandatoryBody(TelegramThreadOpening.class));
    }

    /** Each request after the first goes where the answer before it arrives, with the delivery's logging context and trace. */
    private CompletableFuture<SendOutcome> open(TelegramThreadOpening opening) {
        String chatId = opening.parameters().path("chat_id").asText("");
        Executor context = DeliveryMdc.thisContext();
        return client.chat(chatId).thenComposeAsync(chat -> {
            if (!chat.outcome().ok()) {
                return completedFuture(chat.outcome());
            }
            int tries = chat.outcome().tries();
            if (chat.result() == null || !chat.result().path("is_forum").asBoolean(false)) {
                return client.call(opening.method(), opening.parameters()).thenApply(sent -> sent.plusTries(tries));
            }
            return client.createForumTopic(chatId, opening.name())
                    .thenComposeAsync(topic -> inTopic(opening, chatId, topic, tries), context);
        }, context);
    }

    private CompletableFuture<SendOutcome> inTopic(TelegramThreadOpening opening, String chatId, TelegramClient.Answered topic,
                                                   int tries) {
        JsonNode topicId = topic.result() == null ? null : topic.result().get("message_thread_id");
        if (topic.outcome().ok() && topicId != null && topicId.canConvertToLong()) {
            ObjectNode inTopic = opening.parameters().deepCopy().put("message_thread_id", topicId.asLong());
            return client.call(opening.method(), inTopic).thenApply(sent -> sent.plusTries(tries + topic.outcome().tries())
                    .inThread(TelegramThread.topicRoot(topicId.asLong())));
        }
        if (!topic.outcome().ok() && topic.outcome().errorCode().retryable()) {
            return completedFuture(topic.outcome().plusTries(tries));
        }
        LOG.warn("Telegram chat {} is a forum but gave no topic for a thread ({}); the message goes to the chat",
                chatId, topic.outcome().ok() ? "no message_thread_id in the answer" : topic.outcome().error());
        return client.call(opening.method(), opening.parameters()).thenApply(sent -> sent.plusTries(tries + topic.outcome().tries()));
    }
}
