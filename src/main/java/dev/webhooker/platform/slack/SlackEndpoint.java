package dev.webhooker.platform.slack;

import java.util.concurrent.CompletableFuture;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/** One Slack operation; the body is a {@link SlackRequest}, the answer a SendOutcome (never an exception). */
@UriEndpoint(scheme = "slack", title = "Slack message", syntax = "slack:operation", producerOnly = true,
        category = Category.CHAT)
class SlackEndpoint extends DefaultEndpoint {

    @UriPath(description = "webhook, chat.postMessage or chat.update")
    private final String operation;

    SlackEndpoint(String uri, SlackComponent component, String operation) {
        super(uri, component);
        this.operation = operation;
    }

    public String getOperation() {
        return operation;
    }

    /** Asynchronous ({@link AsyncPlatformProducer}): the bot's calls and an incoming webhook's post alike. */
    @Override
    public Producer createProducer() {
        SlackClient client = ((SlackComponent) getComponent()).client();
        return new AsyncPlatformProducer(this) {
            @Override
            protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
                SlackRequest request = exchange.getMessage().getMandatoryBody(SlackRequest.class);
                return "webhook".equals(operation) ? client.webhook(request) : client.api(operation, request);
            }
        };
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        // send-only, like discord: and telegram:; Slack sends nothing to webhooker
        throw new UnsupportedOperationException("slack: only sends");
    }
}
