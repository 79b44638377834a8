package dev.webhooker.platform.teams;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultEndpoint;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncPlatformProducer;

/** The {@code teams:} Camel component: {@code teams:post} takes a {@link TeamsRequest} and answers a SendOutcome. */
public class TeamsComponent extends DefaultComponent {

    /** Where the card goes, and the card. */
    public record TeamsRequest(URI url, ObjectNode message) {

        @Override
        public String toString() {
            // the URL is the webhook's credential
            return "TeamsRequest[" + url.getHost() + "]";
        }
    }

    private final TeamsClient client;

    public TeamsComponent(TeamsClient client) {
        this.client = client;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (!"post".equals(remaining)) {
            throw new IllegalArgumentException("teams:" + remaining + " is not an operation; use teams:post");
        }
        TeamsEndpoint endpoint = new TeamsEndpoint(uri, this);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    @UriEndpoint(scheme = "teams", title = "Teams card", syntax = "teams:operation", producerOnly = true,
            category = Category.CHAT)
    static final class TeamsEndpoint extends DefaultEndpoint {

        @UriPath(description = "post")
        private final String operation = "post";

        TeamsEndpoint(String uri, TeamsComponent component) {
            super(uri, component);
        }

        public String getOperation() {
            return operation;
        }

        @Override
        public Producer createProducer() {
            TeamsClient client = ((TeamsComponent) getComponent()).client;
            return new AsyncPlatformProducer(this) {
                @Override
                protected CompletableFuture<SendOutcome> call(Exchange exchange) throws InvalidPayloadException {
                    TeamsRequest request = exchange.getMessage().getMandatoryBody(TeamsRequest.class);
                    return client.post(request.url(), request.message());
                }
            };
        }

        @Override
        public Consumer createConsumer(Processor processor) {
            // send-only, like the other platform components
            throw new UnsupportedOperationException("teams: only sends");
        }
    }
}
