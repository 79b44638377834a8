package dev.webhooker.platform.webhook;

import java.util.concurrent.CompletableFuture;

import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/** Posts the {@link WebhookRequest} in the body and replaces the body with the SendOutcome; never an exception. */
final class WebhookProducer extends AsyncPlatformProducer {

    private final WebhookClient client;

    WebhookProducer(WebhookEndpoint endpoint, WebhookClient client) {
        super(endpoint);
        this.client = client;
    }

    @Override
    protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
        return client.post(exchange.getMessage().getMandatoryBody(WebhookRequest.class));
    }
}
