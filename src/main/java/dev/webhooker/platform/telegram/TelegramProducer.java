package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.SendOutcome;

/**
 * Calls the endpoint's Bot API method with the JSON object in the body and replaces the body with the SendOutcome:
 * the status, message id, Telegram's description and our code the retry rules read. A platform's answer is never
 * an exception. {@code telegram:openThread} is ours: the first message of a pull request's thread
 * ({@link TelegramThreadOpening}).
 */
final class TelegramProducer extends DefaultProducer {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramProducer.class);

    private final TelegramClient client;
    private final String method;

    TelegramProducer(TelegramEndpoint endpoint, TelegramClient client, String method) {
        super(endpoint);
        this.client = client;
        this.method = method;
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        if (TelegramThreadOpening.METHOD.equals(method)) {
            exchange.getMessage().setBody(openThread(exchange.getMessage().getMandatoryBody(TelegramThreadOpening.class)));
            return;
        }
        ObjectNode parameters = exchange.getMessage().getMandatoryBody(ObjectNode.class);
        exchange.getMessage().setBody(client.call(method, parameters));
    }

    /**
     * In a forum supergroup, a topic is created and the message sent into it; the answer names the topic even when the
     * message then failed, so the retry goes there. Elsewhere the message is sent as it is. A bot Telegram refuses a
     * topic (it lacks the right to manage topics) sends the message to the chat, where the replies to it are the
     * thread; a failure to ask or to create that may pass (network, 5xx, rate limit) is the answer, for the retry.
     */
    private SendOutcome openThread(TelegramThreadOpening opening) {
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
        if (!refused(topic.outcome())) {
            return topic.outcome().plusTries(tries);
        }
        LOG.warn("Telegram chat {} is a forum but gave no topic for a thread ({}); the message goes to the chat",
                chatId, topic.outcome().ok() ? "no message_thread_id in the answer" : topic.outcome().error());
        return client.call(opening.method(), opening.parameters()).plusTries(tries + topic.outcome().tries());
    }

    /** Telegram answered, but with no topic (400, 403, or no id): asking again later would not change it. */
    private static boolean refused(SendOutcome outcome) {
        Integer status = outcome.httpStatus();
        return outcome.ok() || status != null && status >= 400 && status < 500 && status != 429;
    }
}
