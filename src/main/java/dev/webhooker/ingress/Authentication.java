package dev.webhooker.ingress;

/**
 * What a verified signature vouches for besides the body: the single-use nonce of the custom replay
 * mode (consumed when the delivery is accepted) and the Standard Webhooks message id (the delivery id).
 * Both may be null.
 */
public record Authentication(String nonce, String signedMessageId) {

    static final Authentication BODY_ONLY = new Authentication(null, null);
}
