package dev.webhooker.platform.camel;

import java.util.ArrayList;
import java.util.List;

import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;
import dev.webhooker.routing.WebhookSecret;

/**
 * Camel targets in the configuration: the endpoint {@code uri}, the signing {@code secret} (or {@code secrets} while
 * one is rotated) and {@code keyed}. A credential option of the URI ({@code password=…}, a token, a JAAS config) is
 * stored and shown sealed in place, so the rest of the URI stays readable and a configuration read back can be sent
 * back unchanged. Which components may be named at all is the deployment's setting ({@link CamelTargetSchemes}).
 */
public final class CamelPlatform implements TargetPlatform {

    static final int MAX_URI_LENGTH = 2048;
    /** Two during a rotation: the new secret and the one it replaces. */
    static final int MAX_SECRETS = 2;

    @Override
    public String name() {
        return CamelTarget.PLATFORM;
    }

    /** A camel target's wire shape: the endpoint URI (its credential options sealed in place), one secret or several. */
    record CamelJson(String uri, String secret, List<String> secrets, @TargetJson.Refused("must be true or false") Boolean keyed) {
    }

    @Override
    public Class<? extends Record> wireShape() {
        return CamelJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        CamelJson bound = json.bind(CamelJson.class);
        if (bound.secret() != null && bound.secrets() != null) {
            throw json.problem("secrets", "give secret or secrets, not both");
        }
        List<String> secrets = new ArrayList<>();
        if (bound.secret() != null) {
            secrets.add(json.opened(bound.secret(), "secret"));
        }
        secrets.addAll(json.opened(bound.secrets(), "secrets"));
        String uri = bound.uri();
        if (uri != null) {
            try {
                uri = EndpointUri.parse(uri).withCredentials(value -> json.opened(value, "uri"));
            } catch (IllegalArgumentException e) {
                // kept as written: check says what is wrong with it
            }
        }
        return new CamelTarget(uri, secrets, Boolean.TRUE.equals(bound.keyed()));
    }

    @Override
    public void write(Target target, TargetJson json) {
        CamelTarget t = (CamelTarget) target;
        String uri = t.uri();
        try {
            uri = EndpointUri.parse(uri).withCredentials(value -> json.sealedPart(value, "a credential of a Camel URI"));
        } catch (IllegalArgumentException e) {
            // a URI check refuses is never stored; one read from an older row goes back as it came
        }
        json.put("uri", uri);
        if (!t.secrets().isEmpty()) {
            json.putSealed("secrets", t.secrets(), "a Camel target secret");
        }
        if (t.keyed()) {
            json.put("keyed", true);
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        CamelTarget t = (CamelTarget) target;
        if (t.uri() == null || t.uri().isBlank()) {
            problems.add("uri", "required for a camel target: a Camel endpoint URI such as kafka:events?brokers=host:9092");
        } else if (t.uri().length() > MAX_URI_LENGTH) {
            problems.add("uri", "longer than " + MAX_URI_LENGTH + " characters");
        } else {
            try {
                EndpointUri uri = EndpointUri.parse(t.uri());
                if (CamelTargetSchemes.NEVER.contains(uri.scheme())) {
                    problems.add("uri", "the Camel component " + uri.scheme() + " reaches inside this service or is a platform"
                            + " of its own; use a target of that platform (a webhook target for HTTP)");
                } else if (uri.path().isBlank()) {
                    problems.add("uri", "has no path after " + uri.scheme() + ": (the queue, topic, subject or Kamelet name)");
                }
            } catch (IllegalArgumentException e) {
                problems.add("uri", e.getMessage());
            }
        }
        if (t.secrets().size() > MAX_SECRETS) {
            problems.add("secrets", "at most " + MAX_SECRETS + " (the new secret and the one it replaces)");
        }
        for (int i = 0; i < t.secrets().size(); i++) {
            try {
                WebhookSecret.parse(t.secrets().get(i));
            } catch (IllegalArgumentException e) {
                problems.add(t.secrets().size() == 1 ? "secret" : "secrets[" + i + "]", e.getMessage());
            }
        }
    }
}
