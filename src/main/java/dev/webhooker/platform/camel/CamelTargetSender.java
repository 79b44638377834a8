package dev.webhooker.platform.camel;

import java.time.Clock;

import org.apache.camel.Exchange;
import org.apache.camel.FailedToCreateProducerException;
import org.apache.camel.NoSuchEndpointException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.PropertyBindingException;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.util.URISupport;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/**
 * Sends one camel target message and says what it came to, never throwing: the scheme must still be allowed
 * (CAMEL_TARGET_SCHEMES may have shrunk since the target was written), every host the URI names must pass the address
 * guard (WEBHOOK_TARGET_ALLOW), then the component sends it. A URI Camel cannot make an endpoint of is refused for
 * good; any other failure (the broker down, a timeout) is worth another try. Error texts name the component, never a
 * credential of the URI.
 */
final class CamelTargetSender {

    /** Camel's own refusals of the URI: the same URI is refused again, so it is final. */
    private static final String CAMEL = "camel";

    private final ProducerTemplate template;
    private final CamelTargetSchemes schemes;
    private final TargetAddressGuard guard;
    private final Clock clock;

    CamelTargetSender(ProducerTemplate template, CamelTargetSchemes schemes, TargetAddressGuard guard, Clock clock) {
        this.template = template;
        this.schemes = schemes;
        this.guard = guard;
        this.clock = clock;
    }

    SendOutcome send(CamelSend send) {
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
        Exception failure;
        try {
            Exchange sent = template.send(send.uri(), exchange -> {
                exchange.getMessage().setHeaders(TransportHeaders.of(send, uri, clock.instant().getEpochSecond()));
                exchange.getMessage().setBody(send.message().body());
            });
            failure = sent.getException();
        } catch (RuntimeException e) {
            // the endpoint could not be made (resolved before any exchange exists)
            failure = e;
        }
        if (failure == null) {
            return new SendOutcome(true, null, null, null, null, null, 1);
        }
        String error = PlatformCallSettings.errorText(uri.scheme() + ": " + describe(failure, uri));
        if (refusedForGood(failure)) {
            return SendOutcome.failure(ErrorCode.refusedBy(CAMEL), null, error, 1);
        }
        return SendOutcome.failure(ErrorCode.NETWORK, null, error, 1);
    }

    private static boolean refusedForGood(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ResolveEndpointFailedException || t instanceof NoSuchEndpointException
                    || t instanceof PropertyBindingException) {
                return true;
            }
            if (t instanceof FailedToCreateProducerException && t.getCause() instanceof IllegalArgumentException) {
                return true;
            }
        }
        return false;
    }

    /** The failure and its root cause, with the URI's credentials masked wherever they appear. */
    private static String describe(Throwable failure, EndpointUri uri) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        if (root != failure) {
            text += " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        for (EndpointUri.Option option : uri.options()) {
            if (option.sensitive() && option.value() != null && !option.value().isEmpty()) {
                text = text.replace(option.value(), "xxxxxx");
                String decoded = uri.option(option.name());
                if (decoded != null && !decoded.isEmpty()) {
                    text = text.replace(decoded, "xxxxxx");
                }
            }
        }
        return URISupport.sanitizeUri(text);
    }
}
