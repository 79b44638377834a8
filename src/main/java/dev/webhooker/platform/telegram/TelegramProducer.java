package dev.webhooker.platform.telegram;

import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/**
 * Calls the endpoint's Bot API method with the JSON object in the body and replaces the body with the SendOutcome:
 * the status, message id, Telegram's description and our code the retry rules read. A platform's answer is never
 * an exception. Asynchronous ({@link AsyncPlatformProducer}).
 */
final class TelegramProducer extends AsyncPlatformProducer {

    private final TelegramClient client;
    private final String method;

    TelegramProducer(TelegramEndpoint endpoint, TelegramClient client, String method) {
        super(endpoint);
        this.client = client;
        this.method = method;
    }

    @Override
    protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
        return client.call(method, exchange.getMessage().getMandatoryBody(ObjectNode.class));
    }
}
