package dev.webhooker.ingress;

import static dev.webhooker.ingress.HeaderNames.*;

import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Step "normalize": parses the body as a JSON object, takes event name, delivery id and
 * installation id from where each provider puts them, maps Gitea to the GitHub shape and validates
 * custom payloads. A delivery without an id gets a derived one ({@link DeliveryIds#derive}).
 */
public final class WebhookNormalizer {

    public static final String CUSTOM_EVENT = "custom";
    private static final Pattern EVENT_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,100}");

    private final PayloadParser parser;
    private final boolean bodyReplayKeys;
    private final GiteaNormalizer gitea = new GiteaNormalizer();
    private final CustomPayloadValidator custom = new CustomPayloadValidator();

    /** With replay keys for body-only signatures (see {@link #WebhookNormalizer(PayloadParser, boolean)}). */
    public WebhookNormalizer(PayloadParser parser) {
        this(parser, true);
    }

    /**
     * @param bodyReplayKeys give a delivery signed over its body alone (GitHub, Gitea, custom without timestamp
     *                       and nonce) a {@link IncomingDelivery#replayKey()}: such a signature says nothing about
     *                       when it was made, so a captured body resent under a fresh delivery id would verify
     */
    public WebhookNormalizer(PayloadParser parser, boolean bodyReplayKeys) {
        this.parser = parser;
        this.bodyReplayKeys = bodyReplayKeys;
    }

    public IncomingDelivery normalize(VerifiedWebhook verified) {
        ReceivedWebhook request = verified.received();
        WebhookHeaders headers = request.headers();
        ObjectNode payload = parser.parse(request.body(), request.contentType());
        String event;
        String deliveryId;
        Long installationId = null;
        boolean payloadChanged = false;
        switch (verified.provider()) {
            case GITHUB -> {
                event = eventName(headers.get(GITHUB_EVENT), GITHUB_EVENT);
                deliveryId = DeliveryIds.checked(headers.get(GITHUB_DELIVERY), GITHUB_DELIVERY);
                installationId = installationId(payload);
            }
            case GITEA -> {
                event = gitea.normalize(eventName(headers.get(GITEA_EVENT), GITEA_EVENT), payload);
                payloadChanged = true;
                deliveryId = DeliveryIds.checked(headers.get(GITEA_DELIVERY), GITEA_DELIVERY);
            }
            default -> {
                custom.validate(payload);
                event = CUSTOM_EVENT;
                String signedId = verified.authentication().signedMessageId();
                deliveryId = signedId != null
                        ? DeliveryIds.checked(signedId, STANDARD_ID)
                        : DeliveryIds.checked(payload.path("deliveryId").isTextual() ? payload.get("deliveryId").textValue() : null,
                                "field 'deliveryId'");
            }
        }
        String replayKey = null;
        if (deliveryId == null) {
            // derived from the body: a resend is a duplicate by its id already
            deliveryId = DeliveryIds.derive(verified.provider(), request.groupId(), request.body());
        } else if (bodyReplayKeys && verified.authentication().nonce() == null
                && verified.authentication().signedMessageId() == null) {
            replayKey = DeliveryIds.replayKey(verified.provider(), request.groupId(), request.body());
        }
        return new IncomingDelivery(verified.provider(), event, payload, installationId, request.groupId(), deliveryId,
                request.body().length, verified.authentication().nonce(),
                payloadChanged ? null : PayloadParser.receivedJsonText(request.body(), request.contentType()), replayKey);
    }

    private static String eventName(String value, String header) {
        if (value == null || !EVENT_NAME.matcher(value).matches()) {
            throw new WebhookRejectedException(Rejection.INVALID_EVENT,
                    header + " must be an event name (letters, digits, '_', '.', '-'; at most 100)");
        }
        return value;
    }

    /** Only a JSON integer counts; anything else means "no installation". */
    private static Long installationId(ObjectNode payload) {
        JsonNode id = payload.path("installation").path("id");
        return id.isIntegralNumber() && id.canConvertToLong() ? id.longValue() : null;
    }
}
