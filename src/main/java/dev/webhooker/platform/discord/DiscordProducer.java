package dev.webhooker.platform.discord;

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
        });
    }
}
