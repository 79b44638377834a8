package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.SendOutcome;

/**
 * The producer of {@code telegram:openThread}, ours rather than a Bot API method: the first message of a pull
 * request's thread ({@link TelegramThreadOpening} in, SendOutcome out). In a forum supergroup a topic is created and
 * the message sent into it; the answer names the topic even when the message then failed, so the retry goes there.
 * Elsewhere the message is sent as it is. When Telegram refuses the topic (the bot lacks the right to manage topics),
 * the message goes to the chat, where the replies to it are the thread; a failure that may pass (network, 5xx, rate
 * limit), in asking for the chat or in creating the topic, is the answer, for the retry.
 */
final class TelegramThreadOpener extends DefaultProducer {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramThreadOpener.class);

    private final TelegramClient client;

    TelegramThreadOpener(TelegramEndpoint endpoint, TelegramClient client) {
        super(endpoint);
        this.client = client;
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        exchange.getMessage().setBody(open(exchange.getMessage().getMandatoryBody(TelegramThreadOpening.class)));
    }

    private SendOutcome open(TelegramThreadOpening opening) {
        String chatId = opening.parameters().path("chat_id").asText("");
        TelegramClient.Answered chat = client.chat(chatId);
        if (!chat.outcome().ok()) {
            return chat.outcome();
        }
        int tries = chat.outcome().tries();
        if (chat.result() == null || !chat.result().path("is_forum").asBoolean(false)) {
            return client.call(opening.method(), opening.parameters()).plusTries(tries);
        }
        TelegramClient.Answered topic = client.createForumTopic(chatId, opening.name());
        JsonNode topicId = topic.result() == null ? null : topic.result().get("message_thread_id");
        if (topic.outcome().ok() && topicId != null && topicId.canConvertToLong()) {
            ObjectNode inTopic = opening.parameters().deepCopy().put("message_thread_id", topicId.asLong());
            return client.call(opening.method(), inTopic).plusTries(tries + topic.outcome().tries())
                    .inThread(TelegramThread.topicRoot(topicId.asLong()));
        }
        if (!topic.outcome().ok() && topic.outcome().errorCode().retryable()) {
            return topic.outcome().plusTries(tries);
        }
        LOG.warn("Telegram chat {} is a forum but gave no topic for a thread ({}); the message goes to the chat",
                chatId, topic.outcome().ok() ? "no message_thread_id in the answer" : topic.outcome().error());
        return client.call(opening.method(), opening.parameters()).plusTries(tries + topic.outcome().tries());
    }
}
