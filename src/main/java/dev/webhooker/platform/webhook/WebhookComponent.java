package dev.webhooker.platform.webhook;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

import dev.webhooker.platform.PlatformCallSettings;

/**
 * The {@code webhook:} Camel component: {@code webhook:post} signs a {@link WebhookRequest} (Standard Webhooks) and
 * posts it through the {@link WebhookClient}, behind the address guard.
 */
public class WebhookComponent extends DefaultComponent {

    private final WebhookClient client;

    WebhookComponent(WebhookClient client) {
        this.client = client;
    }

    /**
     * The component with its own HTTP client, behind the address guard for {@code allowList} (WEBHOOK_TARGET_ALLOW);
     * an entry that is not a host name, an address or a CIDR range is an {@link IllegalArgumentException}.
     */
    public static WebhookComponent guarded(String allowList, PlatformCallSettings settings, Duration connectTimeout,
                                           Clock clock) {
        TargetAddressGuard guard = TargetAddressGuard.allowing(allowList, InetAddress::getAllByName);
        return new WebhookComponent(new WebhookClient(guard, settings, connectTimeout, clock));
    }

    @Override
    protected void doShutdown() throws Exception {
        client.close();
        super.doShutdown();
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
