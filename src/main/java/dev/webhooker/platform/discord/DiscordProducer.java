package dev.webhooker.platform.discord;

import static java.util.concurrent.CompletableFuture.completedFuture;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;

import dev.webhooker.delivery.DeliveryMdc;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/**
 * Makes the endpoint's Discord call for the {@link DiscordRequest} in the body and replaces the body with the
 * {@link SendOutcome}: the status, message id, error text and code the retry rules read. A platform's answer is
 * never an exception. Asynchronous ({@link AsyncPlatformProducer}).
 */
final class DiscordProducer extends AsyncPlatformProducer {

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
    protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
        DiscordRequest request = exchange.getMessage().getMandatoryBody(DiscordRequest.class);
        return switch (operation) {
            case createMessage -> client.createMessage(request.channelId(), request.body());
            case editMessage -> request.messageId() == null
                    ? completedFuture(SendOutcome.failure(ErrorCode.INTERNAL, null, "discord:editMessage without a message id", 0))
                    : client.editMessage(request.channelId(), request.messageId(), request.body());
            case startThread -> request.messageId() == null
                    ? completedFuture(SendOutcome.failure(ErrorCode.INTERNAL, null, "discord:startThread without a message id", 0))
                    : client.startThread(request.channelId(), request.messageId(), request.body());
            case openThread -> openThread(request);
        };
    }

    /**
     * The channel's type decides: a post opened with the message (its answer is the post's thread, whose id its first
     * message shares), or a message like any other. A post takes no nonce: a retry after a lost answer can open a
     * second one. The second request goes where the channel's answer arrives, with the delivery's logging context and
     * trace.
     */
    private CompletableFuture<SendOutcome> openThread(DiscordRequest request) {
        return client.channel(request.channelId()).thenComposeAsync(channel -> {
            if (!channel.outcome().ok()) {
                return completedFuture(channel.outcome());
            }
            int asked = channel.outcome().tries();
            JsonNode type = channel.body() == null ? null : channel.body().get("type");
            if (type == null || !POST_CHANNELS.contains(type.asInt())) {
                return client.createMessage(request.channelId(), request.body()).thenApply(sent -> sent.plusTries(asked));
            }
            ObjectNode message = request.body().deepCopy();
            message.remove(List.of("nonce", "enforce_nonce"));
            ObjectNode post = JsonNodeFactory.instance.objectNode().put("name", request.threadName());
            post.set("message", message);
            return client.startForumPost(request.channelId(), post).thenApply(opened -> opened.plusTries(asked)).thenApply(opened ->
                    opened.ok() && opened.messageId() != null ? opened.inThread(DiscordThread.postRoot(opened.messageId())) : opened);
        }, DeliveryMdc.thisContext());
    }
}
