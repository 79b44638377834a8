package dev.webhooker.platform.webhook;

import java.util.List;
import java.util.Map;

import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;

/**
 * Webhook targets in the configuration: {@code url}, the signing {@code secret} (or {@code secrets} while one is
 * rotated), static {@code headers}, the body {@code format} (event or message) and {@code timeoutSeconds}. The secrets
 * and header values are credentials: stored and shown only sealed.
 */
public final class WebhookPlatform implements TargetPlatform {

    /** A webhook target's wire shape: the URL, one secret or several (credentials), header values (credentials too). */
    record WebhookJson(String url, String secret, List<String> secrets, Map<String, String> headers, String format,
                       @TargetJson.Refused("must be a whole number of seconds") Integer timeoutSeconds) {
    }

    @Override
    public String name() {
        return WebhookTarget.PLATFORM;
    }

    @Override
    public Class<? extends Record> wireShape() {
        return WebhookJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        WebhookJson bound = json.bind(WebhookJson.class);
        if (bound.secret() != null && bound.secrets() != null) {
            throw json.problem("secrets", "give secret or secrets, not both");
        }
        java.util.List<String> secrets = new java.util.ArrayList<>();
        if (bound.secret() != null) {
            secrets.add(json.opened(bound.secret(), "secret"));
        }
        secrets.addAll(json.opened(bound.secrets(), "secrets"));
        java.util.Map<String, String> headers = json.opened(bound.headers(), "headers");
        String format = bound.format();
        WebhookTarget.BodyFormat bodyFormat;
        if (format == null || format.equals("event")) {
            bodyFormat = WebhookTarget.BodyFormat.EVENT;
        } else if (format.equals("message")) {
            bodyFormat = WebhookTarget.BodyFormat.MESSAGE;
        } else {
            throw json.problem("format", "unknown format " + ConfigError.quote(format) + " (expected event or message)");
        }
        Integer timeoutSeconds = bound.timeoutSeconds();
        return new WebhookTarget(new WebhookTarget.Webhook(bound.url(), secrets, headers, bodyFormat, timeoutSeconds));
    }

    @Override
    public void write(Target target, TargetJson json) {
        WebhookTarget.Webhook w = ((WebhookTarget) target).webhook();
        if (w == null) {
            return;
        }
        json.put("url", w.url());
        if (!w.secrets().isEmpty()) {
            json.putSealed("secrets", w.secrets(), "a webhook secret");
        }
        if (!w.headers().isEmpty()) {
            // header values are often credentials (Authorization: Bearer …): none is stored or shown in clear
            json.putSealed("headers", w.headers(), "a webhook header value");
        }
        json.put("format", w.format().wireName());
        if (w.timeoutSeconds() != null) {
            json.put("timeoutSeconds", w.timeoutSeconds());
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        WebhookTargetRules.check(((WebhookTarget) target).webhook(), problems);
    }
}
