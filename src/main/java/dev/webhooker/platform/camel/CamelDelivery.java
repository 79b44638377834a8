package dev.webhooker.platform.camel;

import java.util.ArrayList;
import java.util.List;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.platform.webhook.WebhookBodies;
import dev.webhooker.platform.webhook.WebhookMessage;
import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.routing.WebhookSecret;

/**
 * A camel target gets the event as a webhook target does (the same JSON), through {@code camel-target:send}; every
 * event is a message of its own (a broker has nothing to edit).
 */
public final class CamelDelivery implements PlatformDelivery {

    static final String ENDPOINT = "camel-target:send";

    private final WebhookBodies bodies = new WebhookBodies();

    @Override
    public String platform() {
        return CamelTarget.PLATFORM;
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        WebhookMessage json = bodies.render(WebhookTarget.BodyFormat.EVENT, message, event);
        String key = event == null ? "webhook" : MessageKey.of(event);
        return new CamelMessage(json.body(), json.provider(), json.event(), key);
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        if (!(target instanceof CamelTarget camel) || !(message instanceof CamelMessage m)) {
            return Platforms.wrongMessage(target, message);
        }
        List<WebhookSecret> secrets = new ArrayList<>();
        try {
            camel.secrets().forEach(secret -> secrets.add(WebhookSecret.parse(secret)));
        } catch (IllegalArgumentException e) {
            // validation refuses such a target; one stored before a rule changed is not sent with a broken signature
            return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, "camel target secret: " + e.getMessage(), 0));
        }
        return PlatformCall.to(ENDPOINT, new CamelSend(camel.uri(), "msg_" + idempotencyKey, m, secrets, camel.keyed()));
    }
}
