package dev.webhooker.platform.webhook;

import java.time.Clock;
import java.util.Map;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;


/**
 * The {@code webhook:} Camel component: {@code webhook:post} signs a {@link WebhookRequest} (Standard Webhooks) and
 * posts it through the {@link EndpointPoster} (behind the address guard), which the Slack and Teams components share.
 */
public class WebhookComponent extends DefaultComponent {

    private final WebhookClient client;

    public WebhookComponent(EndpointPoster poster, Clock clock) {
        this.client = new WebhookClient(poster, clock);
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (!"post".equals(remaining)) {
            throw new IllegalArgumentException("webhook:" + remaining + " is not an operation; use webhook:post");
        }
        WebhookEndpoint endpoint = new WebhookEndpoint(uri, this);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    WebhookClient client() {
        return client;
    }
}
