package dev.webhooker.ingress;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Test double: the real ledger is the KV store's atomic put-if-absent. */
final class InMemoryNonceLedger implements NonceLedger {

    final Set<String> used = ConcurrentHashMap.newKeySet();

    @Override
    public boolean consume(String scope, String nonce) {
        return used.add(scope + ":" + nonce);
    }

    @Override
    public void release(String scope, String nonce) {
        used.remove(scope + ":" + nonce);
    }
}
