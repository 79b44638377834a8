package dev.webhooker.platform.camel;

import java.util.Map;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultEndpoint;
import org.apache.camel.support.DefaultProducer;

/**
 * The {@code camel-target:} component: {@code camel-target:send} sends the {@link CamelSend} in the body to its
 * endpoint through {@link CamelTargetSender} and replaces the body with the SendOutcome; never an exception.
 */
public class CamelTargetComponent extends DefaultComponent {

    private final CamelTargetSender sender;

    CamelTargetComponent(CamelTargetSender sender) {
        this.sender = sender;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (!"send".equals(remaining)) {
            throw new IllegalArgumentException("camel-target:" + remaining + " is not an operation; use camel-target:send");
        }
        SendEndpoint endpoint = new SendEndpoint(uri, this);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    /** {@code camel-target:send}: the body is a {@link CamelSend}, the answer a SendOutcome. */
    @UriEndpoint(scheme = "camel-target", title = "Camel endpoint target", syntax = "camel-target:operation",
            producerOnly = true, category = Category.MESSAGING)
    static final class SendEndpoint extends DefaultEndpoint {

        @UriPath(description = "send")
        private final String operation = "send";

        SendEndpoint(String uri, CamelTargetComponent component) {
            super(uri, component);
        }

        public String getOperation() {
            return operation;
        }

        @Override
        public Producer createProducer() {
            CamelTargetSender sender = ((CamelTargetComponent) getComponent()).sender;
            return new DefaultProducer(this) {
                @Override
                public void process(Exchange exchange) throws Exception {
                    exchange.getMessage().setBody(sender.send(exchange.getMessage().getMandatoryBody(CamelSend.class)));
                }
            };
        }

        @Override
        public Consumer createConsumer(Processor processor) {
            throw new UnsupportedOperationException("camel-target: only sends");
        }
    }
}
