package dev.webhooker.platform.discord;

import java.util.Arrays;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/** A Discord REST operation on channel messages; the body is a {@link DiscordRequest}, the answer a SendOutcome. */
@UriEndpoint(scheme = "discord", title = "Discord", syntax = "discord:operation", producerOnly = true,
        category = Category.CHAT)
class DiscordEndpoint extends DefaultEndpoint {

    /** The operations the delivery engine makes, named as in Discord's API reference. */
    public enum Operation {
        createMessage, editMessage, startThread, openThread;

        static Operation named(String name) {
            return Arrays.stream(values()).filter(o -> o.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("discord:" + name + " is not an operation; use one of "
                            + Arrays.toString(values())));
        }
    }

    @UriPath(description = "createMessage, editMessage, startThread or openThread")
    private final Operation operation;

    DiscordEndpoint(String uri, DiscordComponent component, Operation operation) {
        super(uri, component);
        this.operation = operation;
    }

    public Operation getOperation() {
        return operation;
    }

    @Override
    public Producer createProducer() {
        return new DiscordProducer(this, ((DiscordComponent) getComponent()).client(), operation);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("discord: only sends");
    }
}
