package dev.webhooker.platform.discord;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;

/**
 * Makes the endpoint's Discord call for the {@link DiscordRequest} in the body and replaces the body with the
 * {@link SendOutcome}: the status, message id, error text and code the retry rules read. A platform's answer is
 * never an exception.
 */
final class DiscordProducer extends DefaultProducer {

    /** Channel types made of posts, where a message can only open a post: a forum (15) and a media channel (16). */
    private static final List<Integer> POST_CHANNELS = List.of(15, 16);

    private final DiscordClient client;
    private final DiscordEndpoint.Operation operation;

    DiscordProducer(DiscordEndpoint endpoint, DiscordClient client, DiscordEndpoint.Operation operation) {
        super(endpoint);
        this.client = client;
        this.operation = operation;
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        DiscordRequest request = exchange.getMessage().getMandatoryBody(DiscordRequest.class);
        exchange.getMessage().setBody(switch (operation) {
            case createMessage -> client.createMessage(request.channelId(), request.body());
            case editMessage -> request.messageId() == null
                    ? SendOutcome.failure(ErrorCode.INTERNAL, null, "discord:editMessage without a message id", 0)
                    : client.editMessage(request.channelId(), request.messageId(), request.body());
            case startThread -> request.messageId() == null
                    ? SendOutcome.failure(ErrorCode.INTERNAL, null, "discord:startThread without a message id", 0)
                    : client.startThread(request.channelId(), request.messageId(), request.body());
            case openThread -> openThread(request);
        });
    }

    /**
     * The channel's type decides: a post opened with the message (its answer is the post's thread, whose id its first
     * message shares), or a message like any other. A post takes no nonce: a retry after a lost answer can open a
     * second one.
     */
    private SendOutcome openThread(DiscordRequest request) {
        DiscordClient.Answered channel = client.channel(request.channelId());
        if (!channel.outcome().ok()) {
            return channel.outcome();
        }
        int asked = channel.outcome().tries();
        JsonNode type = channel.body() == null ? null : channel.body().get("type");
        if (type == null || !POST_CHANNELS.contains(type.asInt())) {
            return client.createMessage(request.channelId(), request.body()).plusTries(asked);
        }
        ObjectNode message = request.body().deepCopy();
        message.remove(List.of("nonce", "enforce_nonce"));
        ObjectNode post = JsonNodeFactory.instance.objectNode().put("name", request.threadName());
        post.set("message", message);
        SendOutcome opened = client.startForumPost(request.channelId(), post).plusTries(asked);
        return opened.ok() && opened.messageId() != null ? opened.inThread(DiscordThread.postRoot(opened.messageId())) : opened;
    }
}
