package dev.webhooker.platform.discord;

import java.util.Map;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

/**
 * The {@code discord:} Camel component: {@code discord:createMessage}, {@code discord:editMessage} and
 * {@code discord:startThread}, sent by the {@link DiscordClient} configured from DISCORD_API_URL, DISCORD_TOKEN and the
 * platform call settings (timeouts, rate-limit buckets). Registered as the Spring bean {@code discord} (PlatformConfiguration).
 */
public class DiscordComponent extends DefaultComponent {

    private final DiscordClient client;

    public DiscordComponent(DiscordClient client) {
        this.client = client;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        DiscordEndpoint endpoint = new DiscordEndpoint(uri, this, DiscordEndpoint.Operation.named(remaining));
        setProperties(endpoint, parameters);
        return endpoint;
    }

    DiscordClient client() {
        return client;
    }
}
