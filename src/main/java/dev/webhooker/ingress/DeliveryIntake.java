package dev.webhooker.ingress;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.TransactionException;

import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryReplays;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.GroupCommit;

/**
 * Accepts a delivery durably: in ONE transaction it claims the dedup key and writes the
 * {@code delivery_state} row (status {@code pending}; {@code delivered} at once when no route selected
 * it), so a delivery is either fully accepted or not at all. The claim is a single atomic statement that inserts
 * the key or takes over only an expired one; concurrent copies of one delivery therefore yield exactly one accepted
 * row. A custom replay nonce is consumed right before the transaction and given back if it fails. A delivery
 * signed over its body alone also claims its {@link IncomingDelivery#replayKey() replay key} in the same
 * transaction, so a captured body resent with a fresh delivery id is a duplicate too. A routed delivery, accepted or
 * re-opened, is announced to the other instances when the transaction commits ({@link DeliveryQueue#enqueue}), and wakes this
 * instance's poller once committed.
 */
final class DeliveryIntake {

    /**
     * {@code REOPENED}: a redelivery (same delivery id, within the dedup window) of a delivery that ended failed
     * or dead; its failed and dead targets are due again ({@link DeliveryReplays#reopenForRedelivery}).
     */
    public enum Outcome { ACCEPTED, REOPENED, DUPLICATE }

    private static final String PG_CLAIM = """
            INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET claimed_at = EXCLUDED.claimed_at, expires_at = EXCLUDED.expires_at
            WHERE dedup_keys.expires_at <= ?""";
    private static final String INSERT_CLAIM = "INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES (?, ?, ?)";
    private static final String TAKE_OVER_EXPIRED = "UPDATE dedup_keys SET claimed_at = ?, expires_at = ? WHERE key = ? AND expires_at <= ?";
    private static final String IS_CLAIMED = "SELECT COUNT(*) FROM dedup_keys WHERE key = ? AND expires_at > ?";

    private final JdbcTemplate jdbc;
    private final GroupCommit commits;
    private final DatabaseUrl.Vendor vendor;
    private final NonceLedger nonces;
    private final Duration dedupWindow;
    private final Clock clock;
    /** Run once a routed delivery is committed: wakes this instance's delivery poller. */
    private final Runnable onAccepted;
    private final DeliveryQueue queue;
    private final DeliveryReplays replays;

    /** {@code jdbc}, {@code queue} and {@code replays} run on the data source {@code commits} runs on. */
    public DeliveryIntake(JdbcTemplate jdbc, GroupCommit commits, DatabaseUrl.Vendor vendor, NonceLedger nonces,
            Duration dedupWindow, Clock clock, Runnable onAccepted, DeliveryQueue queue, DeliveryReplays replays) {
        if (dedupWindow.isNegative() || dedupWindow.isZero()) {
            throw new IllegalArgumentException("the dedup window must be positive, got " + dedupWindow);
        }
        this.jdbc = jdbc;
        this.commits = commits;
        this.vendor = vendor;
        this.nonces = nonces;
        this.dedupWindow = dedupWindow;
        this.clock = clock;
        this.onAccepted = onAccepted;
        this.queue = queue;
        this.replays = replays;
    }

    public Outcome accept(PendingDelivery pending) {
        return accept(pending, null);
    }

    /** @param traceParent the W3C traceparent of the webhook's trace, kept with the delivery (null: none) */
    public Outcome accept(PendingDelivery pending, String traceParent) {
        IncomingDelivery delivery = pending.delivery();
        String scope = DeliveryIds.scope(delivery.groupId());
        String nonce = delivery.nonce();
        if (nonce != null && !consumeNonce(scope, nonce)) {
            throw new WebhookRejectedException(Rejection.INVALID_SIGNATURE, "X-WebHooker-Nonce was already used");
        }
        Outcome outcome;
        try {
            outcome = commits.execute(() -> claimAndInsert(pending, traceParent));
        } catch (LateDuplicate rolledBack) {
            outcome = Outcome.DUPLICATE;
        } catch (DataAccessException | TransactionException e) {
            if (nonce != null) {
                releaseNonce(scope, nonce);
            }
            throw new StorageUnavailableException("the delivery could not be stored: " + e.getMessage(), e);
        }
        if (outcome == Outcome.REOPENED || outcome == Outcome.ACCEPTED && pending.routed()) {
            onAccepted.run();
        }
        return outcome;
    }

    /** True while the key holds a live claim (a delivery with it would be a duplicate). */
    public boolean isClaimed(String key) {
        Integer count = jdbc.queryForObject(IS_CLAIMED, Integer.class, key, clock.millis());
        return count != null && count > 0;
    }

    private Outcome claimAndInsert(PendingDelivery pending, String traceParent) {
        Instant now = clock.instant();
        long nowMs = now.toEpochMilli();
        String key = pending.key();
        IncomingDelivery d = pending.delivery();
        // the body first: a replay (or a redelivery, same body) is then a duplicate before anything is written
        if (d.replayKey() != null && !claim(d.replayKey(), nowMs, nowMs + dedupWindow.toMillis())) {
            return reopenedOrDuplicate(pending);
        }
        if (!claim(key, nowMs, nowMs + dedupWindow.toMillis())) {
            if (d.replayKey() != null) {
                // a known id with a body never seen: the body's claim taken above must not stay
                throw new LateDuplicate();
            }
            return reopenedOrDuplicate(pending);
        }
        // a delivery no route selected is concluded here: nothing is due, the engine never claims it
        if (queue.enqueue(new DeliveryQueue.NewDelivery(key, pending.routed(), pending.receivedAt().toEpochMilli(),
                d.deliveryId(), d.provider().wireName(), d.event(), d.groupId(), d.installationId(), pending.payloadJson(),
                pending.payloadRef(), traceParent, pending.repo()))) {
            return Outcome.ACCEPTED;
        }
        // the earlier delivery is still in flight: a duplicate, and the claim taken over above must not stay
        throw new LateDuplicate();
    }

    /**
     * A copy of a delivery id already claimed. A sender's "Redeliver" of a delivery that ended failed or dead
     * sends its failed and dead targets again; of a delivered one, or one still in flight, it is a duplicate.
     * One that no route selects any more stays a duplicate too (it has no payload to send).
     */
    private Outcome reopenedOrDuplicate(PendingDelivery pending) {
        return pending.routed() && replays.reopenForRedelivery(pending.key(), pending.payloadJson(), pending.payloadRef())
                ? Outcome.REOPENED : Outcome.DUPLICATE;
    }

    /** One atomic statement on PostgreSQL; on H2 an insert, then a take-over of an expired row. */
    private boolean claim(String key, long nowMs, long expiresAt) {
        if (vendor == DatabaseUrl.Vendor.POSTGRESQL) {
            return jdbc.update(PG_CLAIM, key, nowMs, expiresAt, nowMs) == 1;
        }
        try {
            return jdbc.update(INSERT_CLAIM, key, nowMs, expiresAt) == 1;
        } catch (DuplicateKeyException taken) {
            // H2 rolls back only the failed statement; the conditional update is atomic on the row
            return jdbc.update(TAKE_OVER_EXPIRED, nowMs, expiresAt, key, nowMs) == 1;
        }
    }

    private boolean consumeNonce(String scope, String nonce) {
        try {
            return nonces.consume(scope, nonce);
        } catch (RuntimeException e) {
            throw new StorageUnavailableException("the nonce store is unavailable: " + e.getMessage(), e);
        }
    }

    private void releaseNonce(String scope, String nonce) {
        try {
            nonces.release(scope, nonce);
        } catch (RuntimeException e) {
            // the nonce then stays used for its 600 s lifetime; the sender's retry needs a fresh one
        }
    }

    /** Rolls back the claims of a copy that turned out a duplicate after its first claim was taken. */
    private static final class LateDuplicate extends RuntimeException {
        LateDuplicate() {
            super("a duplicate found after the first claim", null, false, false);
        }
    }
}
