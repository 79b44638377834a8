package dev.webhooker.platform.telegram;

import java.util.Map;
import java.util.regex.Pattern;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

/**
 * The {@code telegram:} Camel component: {@code telegram:<Bot API method>} ({@code sendMessage}, {@code sendPhoto},
 * {@code editMessageText}, {@code editMessageCaption}), called by the {@link TelegramClient} configured from
 * TELEGRAM_API_URL, TELEGRAM_TOKEN and the platform call settings (timeouts, per-chat limits). Registered as the
 * Spring bean {@code telegram} (PlatformConfiguration); camel-telegram is not used (see TelegramClient).
 */
public class TelegramComponent extends DefaultComponent {

    private static final Pattern METHOD = Pattern.compile("[A-Za-z]{1,64}");

    private final TelegramClient client;

    public TelegramComponent(TelegramClient client) {
        this.client = client;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (!METHOD.matcher(remaining).matches()) {
            throw new IllegalArgumentException("telegram:" + remaining + " does not name a Bot API method");
        }
        TelegramEndpoint endpoint = new TelegramEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    TelegramClient client() {
        return client;
    }
}
