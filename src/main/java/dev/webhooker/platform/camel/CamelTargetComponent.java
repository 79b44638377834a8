package dev.webhooker.platform.camel;

import java.util.Map;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.FailedToCreateProducerException;
import org.apache.camel.NoSuchEndpointException;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.PropertyBindingException;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.component.kamelet.KameletComponent;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultEndpoint;
import org.apache.camel.support.DefaultProducer;
import org.apache.camel.util.URISupport;

import dev.webhooker.delivery.SendOutcome;

/**
 * The {@code camel-target:} component: {@code camel-target:send} sends the {@link CamelSend} in the body to the
 * endpoint its URI names, as {@link CamelSendRules} allow, and replaces the body with the SendOutcome; never an
 * exception. The producers of the distinct target URIs are kept started between sends (up to
 * {@link #PRODUCERS_KEPT}), so a broker connection is made once, not per message.
 */
class CamelTargetComponent extends DefaultComponent {

    static final int PRODUCERS_KEPT = 200;

    private final CamelSendRules rules;
    /** {@code file:<folder>} of the Kamelets {@code kamelet:<name>} runs, or null for the component's default. */
    private final String kameletsLocation;
    private ProducerTemplate template;

    CamelTargetComponent(CamelSendRules rules, String kameletsLocation) {
        this.rules = rules;
        this.kameletsLocation = kameletsLocation;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        if (kameletsLocation != null) {
            // read by the kamelet component whenever it makes an endpoint: set before any target is sent to
            getCamelContext().getComponent("kamelet", KameletComponent.class).setLocation(kameletsLocation);
        }
        template = getCamelContext().createProducerTemplate(PRODUCERS_KEPT);
    }

    @Override
    protected void doStop() throws Exception {
        if (template != null) {
            template.stop();
        }
        super.doStop();
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

    private void send(Exchange exchange) throws Exception {
        CamelSend send = exchange.getMessage().getMandatoryBody(CamelSend.class);
        SendOutcome outcome = rules.refusal(send);
        if (outcome == null) {
            Map<String, Object> headers = rules.headers(send);
            Exception failure;
            try {
                Exchange sent = template.send(rules.destination(send), message -> {
                    message.getMessage().setHeaders(headers);
                    message.getMessage().setBody(send.message().body());
                });
                failure = sent.getException();
            } catch (RuntimeException e) {
                // the endpoint could not be made: resolved before any exchange exists
                failure = e;
            }
            outcome = (failure == null ? CamelSendRules.delivered()
                    : rules.failed(send, refusedForGood(failure), URISupport.sanitizeUri(describe(failure))))
                    .withCall(rules.record(send, headers));
        }
        exchange.getMessage().setBody(outcome);
    }

    /** Camel's own refusals of a URI: the same URI is refused again. */
    private static boolean refusedForGood(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ResolveEndpointFailedException || t instanceof NoSuchEndpointException
                    || t instanceof PropertyBindingException) {
                return true;
            }
            if (t instanceof FailedToCreateProducerException && t.getCause() instanceof IllegalArgumentException) {
                return true;
            }
        }
        return false;
    }

    /** The failure and, when it has one, its root cause. */
    private static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return root == failure ? text : text + " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
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
            CamelTargetComponent component = (CamelTargetComponent) getComponent();
            return new DefaultProducer(this) {
                @Override
                public void process(Exchange exchange) throws Exception {
                    component.send(exchange);
                }
            };
        }

        @Override
        public Consumer createConsumer(Processor processor) {
            throw new UnsupportedOperationException("camel-target: only sends");
        }
    }
}
