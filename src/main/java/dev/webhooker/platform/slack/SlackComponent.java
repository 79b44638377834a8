package dev.webhooker.platform.slack;

import java.util.Map;
import java.util.Set;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

/**
 * The {@code slack:} Camel component: {@code slack:webhook} posts to an incoming webhook, {@code slack:chat.postMessage}
 * and {@code slack:chat.update} call the Web API as the bot; all through the {@link SlackClient}.
 */
public class SlackComponent extends DefaultComponent {

    static final Set<String> OPERATIONS = Set.of("webhook", "chat.postMessage", "chat.update");

    private final SlackClient client;

    public SlackComponent(SlackClient client) {
        this.client = client;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (!OPERATIONS.contains(remaining)) {
            throw new IllegalArgumentException("slack:" + remaining + " is not an operation; use one of " + OPERATIONS);
        }
        SlackEndpoint endpoint = new SlackEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    SlackClient client() {
        return client;
    }
}
