package dev.webhooker.platform.webhook;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/** {@code webhook:post}: the body is a {@link WebhookRequest}, the answer a SendOutcome. */
@UriEndpoint(scheme = "webhook", title = "Signed webhook", syntax = "webhook:operation", producerOnly = true,
        category = Category.HTTP)
class WebhookEndpoint extends DefaultEndpoint {

    @UriPath(description = "post")
    private final String operation = "post";

    WebhookEndpoint(String uri, WebhookComponent component) {
        super(uri, component);
    }

    public String getOperation() {
        return operation;
    }

    @Override
    public Producer createProducer() {
        return new WebhookProducer(this, ((WebhookComponent) getComponent()).client());
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("webhook: only sends (webhooks arrive on /webhook)");
    }
}
