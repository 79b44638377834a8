package dev.webhooker.platform;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.MessageRenderer;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.PlatformCalls;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetPlatforms;
import dev.webhooker.routing.WebhookEvent;

/**
 * The delivery engine's view of the platforms: each target is rendered and sent by the {@link PlatformDelivery} of its
 * platform. A platform without one is a configuration that cannot run: refused when this is built.
 */
public final class Platforms implements MessageRenderer, PlatformCalls {

    private final Map<String, PlatformDelivery> byName = new LinkedHashMap<>();

    public Platforms(List<? extends PlatformDelivery> deliveries) {
        for (PlatformDelivery delivery : deliveries) {
            if (byName.putIfAbsent(delivery.platform(), delivery) != null) {
                throw new IllegalStateException("two deliveries for platform " + delivery.platform());
            }
        }
        // every platform a target may name (the configuration's registry) has a delivery here
        for (TargetPlatform platform : TargetPlatforms.all()) {
            if (!byName.containsKey(platform.name())) {
                throw new IllegalStateException("no PlatformDelivery for platform " + platform.name());
            }
        }
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return delivery(target).render(target, message, event);
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        return delivery(target).call(target, message, editMessageId, idempotencyKey);
    }

    @Override
    public PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                     String idempotencyKey) {
        return delivery(target).callInThread(target, message, threadRoot, editMessageId, idempotencyKey);
    }

    @Override
    public PlatformCall openThread(Target target, RenderedMessage message, String title, String idempotencyKey) {
        return delivery(target).openThread(target, message, title, idempotencyKey);
    }

    @Override
    public Optional<PlatformCall> startThread(Target target, String messageId, String title) {
        return delivery(target).startThread(target, messageId, title);
    }

    private PlatformDelivery delivery(Target target) {
        return byName.get(target.platform());
    }

    /** What a delivery answers for a message another platform rendered: a bug of the engine, not the platform's answer. */
    public static PlatformCall wrongMessage(Target target, RenderedMessage message) {
        return PlatformCall.refused(SendOutcome.failure(ErrorCode.INTERNAL, null, "message rendered for the wrong platform: "
                + (message == null ? "null" : message.getClass().getSimpleName()) + " to " + target.platform(), 0));
    }

    /** A target's URL (an incoming webhook's, a workflow's), when it is one. */
    public static Optional<URI> url(String url) {
        try {
            return url == null ? Optional.empty() : Optional.of(new URI(url));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** As for a webhook target: a stored URL that is not one is refused for good, not retried as an engine failure. */
    public static PlatformCall noUrl(String platform) {
        return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, platform + " target URL is not a URL", 0));
    }
}
