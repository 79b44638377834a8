package dev.webhooker.ingress;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Nonces in KV under the seed's {@code nonce:{nonce}} pattern with the scope folded into the
 * {@code {nonce}} part ({@code nonce:{groupId|global}:{nonce}}), so tenants cannot burn each other's
 * nonces. Put-if-absent is atomic on Redis ({@code SET NX}) and in the SQL KV table.
 */
final class KvNonceLedger implements NonceLedger {

    private final KvStore kv;

    public KvNonceLedger(KvStore kv) {
        this.kv = kv;
    }

    @Override
    public boolean consume(String scope, String nonce) {
        return kv.putIfAbsent(key(scope, nonce), "1", KvKeys.NONCE.ttl());
    }

    @Override
    public void release(String scope, String nonce) {
        kv.delete(key(scope, nonce));
    }

    private static String key(String scope, String nonce) {
        return KvKeys.NONCE.key(scope + ":" + nonce);
    }
}
