package dev.webhooker.platform.camel;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.webhooker.delivery.CallRecord;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/**
 * What a camel target send may do and what it came to. Before it is made, the scheme must still be allowed
 * (CAMEL_TARGET_SCHEMES may have shrunk since the target was written) and every host the URI names must pass the
 * address guard (WEBHOOK_TARGET_ALLOW); a refusal is the outcome and nothing is sent. After it, a URI Camel could not
 * make an endpoint of is refused for good (the same URI would be refused again); any other failure (the broker down,
 * a timeout) is worth another try. Error texts name the component and never a credential of the URI.
 */
final class CamelSendRules {

    private static final String CAMEL = "camel";
    /** A URI Camel refuses to make an endpoint of: the same URI is refused again, so it is final. */
    static final ErrorCode CAMEL_ERROR = ErrorCode.refusedBy(CAMEL);
    private static final String MASK = "xxxxxx";

    private final CamelTargetSchemes schemes;
    private final TargetAddressGuard guard;
    private final Clock clock;

    CamelSendRules(CamelTargetSchemes schemes, TargetAddressGuard guard, Clock clock) {
        this.schemes = schemes;
        this.guard = guard;
        this.clock = clock;
    }

    /** The outcome that stands for {@code send} when it must not be made, or null when it may. */
    SendOutcome refusal(CamelSend send) {
        EndpointUri uri;
        try {
            uri = EndpointUri.parse(send.uri());
        } catch (IllegalArgumentException e) {
            return SendOutcome.failure(ErrorCode.NO_TARGET, null, "camel target URI " + e.getMessage(), 0);
        }
        String refused = schemes.problem(uri.scheme());
        if (refused != null) {
            return SendOutcome.failure(ErrorCode.NO_TARGET, null, refused, 0);
        }
        for (String host : uri.hosts()) {
            TargetAddressGuard.Decision decision = guard.checkHost(host);
            if (decision.refusal() != null) {
                return SendOutcome.failure(ErrorCode.TARGET_BLOCKED, null, uri.scheme() + ": " + decision.refusal(), 0);
            }
            if (decision.unresolved() != null) {
                return SendOutcome.failure(ErrorCode.NETWORK, null, uri.scheme() + ": " + decision.unresolved(), 0);
            }
        }
        return null;
    }

    /**
     * The endpoint the message goes to: the target's URI, except that a keyed NATS target publishes to its subject
     * extended by the key ({@code events.octo-org.hello-world.pull.42}), since the NATS component takes its subject
     * from the URI only. Each such subject is an endpoint of its own, with its own connection while its producer is
     * kept.
     */
    String destination(CamelSend send) {
        EndpointUri uri = EndpointUri.parse(send.uri());
        if (!send.keyed() || !uri.scheme().equals("nats")) {
            return send.uri();
        }
        return uri.withPath(uri.path() + "." + MessageKey.dotted(send.message().key())).withCredentials(value -> value);
    }

    /** The message headers of {@code send}, stamped now. */
    Map<String, Object> headers(CamelSend send) {
        return TransportHeaders.of(send, EndpointUri.parse(send.uri()), clock.instant().getEpochSecond());
    }

    /**
     * What was sent, as the delivery view shows it: the URI with its credential options masked, the headers (signature,
     * key and event; none is a credential) and the body. A broker gives no answer beyond taking the message.
     */
    CallRecord record(CamelSend send, Map<String, Object> headers) {
        Map<String, String> shown = new LinkedHashMap<>();
        headers.forEach((name, value) -> shown.put(name, String.valueOf(value)));
        return CallRecord.request("SEND", new CamelTarget(send.uri(), List.of(), send.keyed()).shownUri(), shown,
                send.message().body());
    }

    /** The component took the message: no HTTP status, no message id to track. */
    static SendOutcome delivered() {
        return new SendOutcome(true, null, null, null, null, null, 1);
    }

    /** The send failed: for good when {@code forGood}; {@code description} is masked of the URI's credentials. */
    SendOutcome failed(CamelSend send, boolean forGood, String description) {
        EndpointUri uri = EndpointUri.parse(send.uri());
        String text = description == null ? "" : description;
        for (EndpointUri.Option option : uri.options()) {
            if (option.sensitive() && option.value() != null && !option.value().isEmpty()) {
                text = text.replace(option.value(), MASK);
                String decoded = uri.option(option.name());
                if (decoded != null && !decoded.isEmpty()) {
                    text = text.replace(decoded, MASK);
                }
            }
        }
        String error = PlatformCallSettings.errorText(uri.scheme() + ": " + text);
        return SendOutcome.failure(forGood ? CAMEL_ERROR : ErrorCode.NETWORK, null, error, 1);
    }
}
