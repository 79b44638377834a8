package dev.webhooker.ingress;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Delivery ids and dedup keys. The key scope is
 * {@code {provider}:{groupId|global}:{deliveryId}}, so one id seen on two endpoints or from two
 * providers is processed once per scope.
 *
 * <p>A delivery without an id gets one derived from SHA-256 over provider, scope and the exact raw
 * body ({@code sha256-<64 hex>}): an identical resend is then caught as a duplicate within the dedup
 * window, while any change to the body makes a new delivery.
 */
final class DeliveryIds {

    public static final String GLOBAL_SCOPE = "global";
    public static final String DERIVED_PREFIX = "sha256-";
    /** Ids from headers or bodies go into keys and logs: bounded, printable, no spaces. */
    private static final Pattern ACCEPTABLE = Pattern.compile("[!-~]{1,200}");

    private DeliveryIds() {
    }

    public static String scope(String groupId) {
        return groupId == null ? GLOBAL_SCOPE : groupId;
    }

    public static String dedupKey(Provider provider, String groupId, String deliveryId) {
        return provider.wireName() + ":" + scope(groupId) + ":" + deliveryId;
    }

    public static String derive(Provider provider, String groupId, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Hmac.utf8(provider.wireName()));
            sha.update((byte) 0);
            sha.update(Hmac.utf8(scope(groupId)));
            sha.update((byte) 0);
            sha.update(body);
            return DERIVED_PREFIX + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this JVM", e);
        }
    }

    /**
     * The second dedup key of a delivery signed over its body alone: provider, scope and the body's SHA-256, so
     * the same signed body is a duplicate within the dedup window whatever delivery id it comes with.
     */
    public static String replayKey(Provider provider, String groupId, byte[] body) {
        return provider.wireName() + ":" + scope(groupId) + ":body:" + derive(provider, groupId, body);
    }

    /** The given id when usable; blank means "none" (derive one); anything else unusable is refused. */
    static String checked(String id, String source) {
        if (id == null || id.isBlank()) {
            return null;
        }
        if (!ACCEPTABLE.matcher(id).matches()) {
            throw new WebhookRejectedException(Rejection.INVALID_EVENT,
                    source + " must be 1-200 printable ASCII characters without spaces");
        }
        return id;
    }
}
