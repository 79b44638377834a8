package dev.webhooker.platform.webhook;

import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;

/** Posts the {@link WebhookRequest} in the body and replaces the body with the SendOutcome; never an exception. */
final class WebhookProducer extends DefaultProducer {

    private final WebhookClient client;

    WebhookProducer(WebhookEndpoint endpoint, WebhookClient client) {
        super(endpoint);
        this.client = client;
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        exchange.getMessage().setBody(client.post(exchange.getMessage().getMandatoryBody(WebhookRequest.class)));
    }
}
