package dev.webhooker.ingress;

/** Single-use custom-replay nonces, per endpoint scope ({@code groupId} or {@code global}). */
interface NonceLedger {

    /** Atomically records the nonce; false when it was already used inside its lifetime. */
    boolean consume(String scope, String nonce);

    /** Gives a nonce back when the delivery that consumed it could not be accepted. */
    void release(String scope, String nonce);
}
