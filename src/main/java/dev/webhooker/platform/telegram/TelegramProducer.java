package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;

/**
 * Calls the endpoint's Bot API method with the JSON object in the body and replaces the body with the SendOutcome:
 * the status, message id, Telegram's description and our code the retry rules read. A platform's answer is never
 * an exception.
 */
final class TelegramProducer extends DefaultProducer {

    private final TelegramClient client;
    private final String method;

    TelegramProducer(TelegramEndpoint endpoint, TelegramClient client, String method) {
        super(endpoint);
        this.client = client;
        this.method = method;
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        ObjectNode parameters = exchange.getMessage().getMandatoryBody(ObjectNode.class);
        exchange.getMessage().setBody(client.call(method, parameters));
    }
}
