package dev.webhooker.platform.telegram;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * One Bot API method; the body is the method's JSON parameters (with {@code chat_id}), the answer a SendOutcome. One
 * name is ours, not Telegram's: {@code openThread} ({@link TelegramThreadOpener}).
 */
@UriEndpoint(scheme = "telegram", title = "Telegram", syntax = "telegram:method", producerOnly = true,
        category = Category.CHAT)
class TelegramEndpoint extends DefaultEndpoint {

    @UriPath(description = "The Bot API method, e.g. sendMessage")
    private final String method;

    TelegramEndpoint(String uri, TelegramComponent component, String method) {
        super(uri, component);
        this.method = method;
    }

    public String getMethod() {
        return method;
    }

    @Override
    public Producer createProducer() {
        TelegramClient client = ((TelegramComponent) getComponent()).client();
        return TelegramThreadOpening.METHOD.equals(method) ? new TelegramThreadOpener(this, client)
                : new TelegramProducer(this, client, method);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("telegram: only sends (updates arrive on /telegram/webhook)");
    }
}
