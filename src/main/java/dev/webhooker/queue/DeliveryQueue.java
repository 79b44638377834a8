package dev.webhooker.queue;

import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import dev.webhooker.store.DatabaseVendor;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.store.MultiRowInsert;

/**
 * The delivery table used as a queue. A worker claims due rows with a lease:
 * {@code pending} and {@code retrying} rows whose {@code next_attempt_at} has come, and
 * {@code processing} rows whose lease has expired (the worker that held them crashed).
 * <p>
 * PostgreSQL claims a batch in one statement with {@code FOR UPDATE SKIP LOCKED}, so concurrent
 * instances never wait on each other or get the same row. H2 (the single-instance embedded default)
 * has no SKIP LOCKED; there each candidate is taken with a compare-and-set UPDATE that repeats the
 * "is it still due" condition, which gives the same guarantee.
 */
public class DeliveryQueue {

    /** Candidates read per row claimed on PostgreSQL (see {@link #claimWithSkipLocked}). */
    private static final int CLAIM_CANDIDATES_PER_ROW = 4;
    private static final String LEASE_EXPIRED = "status = 'processing' AND locked_until < ?";
    private static final String DUE = "((status IN ('pending','retrying') AND next_attempt_at <= ?) OR (" + LEASE_EXPIRED + "))";
    private static final String COLUMNS = "key, delivery_id, provider, event, group_id, installation_id, payload,"
            + " payload_ref, received_at, attempts, locked_by, trace_parent";

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final String instanceId;
    private final DatabaseVendor vendor;
    /** lock token → the lease end this instance last wrote for it (claim or renewal); see {@link #renew}. */
    private final Map<String, Long> leaseEnds = new ConcurrentHashMap<>();

    private final GroupCommit commits;
    private final DueWorkNotice notice;
    private final boolean keepsDeliveredPayload;

    /**
     * {@code commits} must run on {@code dataSource}; {@code notice} tells the other instances of new work. A delivered
     * delivery discards its payload at once.
     */
    public DeliveryQueue(DataSource dataSource, GroupCommit commits, Clock clock, String instanceId, DueWorkNotice notice) {
        this(new JdbcTemplate(dataSource), commits, clock, instanceId, notice, false);
    }

    /**
     * As above; {@code keepsDeliveredPayload}: a delivered delivery keeps its payload, inline or parked, for the
     * delivery view until storage-prune discards it (DELIVERED_PAYLOAD_RETENTION).
     */
    public DeliveryQueue(DataSource dataSource, GroupCommit commits, Clock clock, String instanceId, DueWorkNotice notice,
                         boolean keepsDeliveredPayload) {
        this(new JdbcTemplate(dataSource), commits, clock, instanceId, notice, keepsDeliveredPayload);
    }

    /** {@code jdbc} is where the statements run: on the data source that {@code commits} runs on. */
    public DeliveryQueue(JdbcTemplate jdbc, GroupCommit commits, Clock clock, String instanceId, DueWorkNotice notice) {
        this(jdbc, commits, clock, instanceId, notice, false);
    }

    private DeliveryQueue(JdbcTemplate jdbc, GroupCommit commits, Clock clock, String instanceId, DueWorkNotice notice,
                          boolean keepsDeliveredPayload) {
        this.jdbc = jdbc;
        this.commits = commits;
        this.clock = clock;
        this.instanceId = instanceId;
        this.notice = notice;
        this.keepsDeliveredPayload = keepsDeliveredPayload;
        this.vendor = new DatabaseVendor(jdbc.getDataSource());
    }

    /** Whether a delivered delivery keeps its payload (and its parked object) until storage-prune discards it. */
    public boolean keepsDeliveredPayload() {
        return keepsDeliveredPayload;
    }

    /**
     * A delivery as the ingress accepts it. {@code routed}: some route selected it, so it is due at once; one that no
     * route selected is {@code delivered} at once and never claimed. Exactly one of {@code payloadJson} and
     * {@code payloadRef} is set for a routed one.
     */
    public record NewDelivery(String key, boolean routed, long receivedAt, String deliveryId, String provider, String event,
                              String groupId, Long installationId, String payloadJson, String payloadRef, String traceParent,
                              String repo) {
    }

    /**
     * A key re-used after its dedup window may still have the earlier delivery's rows. Only a final one is replaced
     * (its target rows first, or they would make the new delivery look already sent); a delivery still in flight
     * keeps its row.
     */
    private static final String FINAL = "('delivered', 'failed', 'dead')";
    private static final String DROP_EARLIER_TARGETS = "DELETE FROM delivery_targets WHERE delivery_key = ?"
            + " AND EXISTS (SELECT 1 FROM delivery_state s WHERE s.key = ? AND s.status IN " + FINAL + ")";
    private static final String DROP_EARLIER_ROW = "DELETE FROM delivery_state WHERE key = ? AND status IN " + FINAL;
    /** The usual case, a key never seen: no earlier row to look for, one statement instead of three. */
    private static final String INSERT_DELIVERY_IF_NEW = """
            INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, installation_id,
                                        payload, payload_ref, received_at, attempts, next_attempt_at, trace_parent, repo)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT DO NOTHING""";

    /**
     * Puts {@code d} in the queue, in the caller's transaction: false when a delivery with its key is still in flight
     * (then nothing is written). A routed one is announced to the other instances when the transaction commits.
     */
    public boolean enqueue(NewDelivery d) {
        String status = d.routed() ? "pending" : "delivered";
        Long due = d.routed() ? d.receivedAt() : null;
        Object[] row = {d.key(), status, clock.millis(), d.deliveryId(), d.provider(), d.event(), d.groupId(),
                d.installationId(), d.payloadJson(), d.payloadRef(), d.receivedAt(), due, d.traceParent(), d.repo()};
        boolean written = jdbc.update(INSERT_DELIVERY_IF_NEW, row) == 1;
        if (!written) {
            jdbc.update(DROP_EARLIER_TARGETS, d.key(), d.key());
            jdbc.update(DROP_EARLIER_ROW, d.key());
            written = jdbc.update(INSERT_DELIVERY_IF_NEW, row) == 1;
        }
        if (written && d.routed()) {
            notice.announce();
        }
        return written;
    }

    /** Claims up to {@code limit} due deliveries, oldest due first, leased until now + {@code lease}. */
    public List<ClaimedDelivery> claimDue(int limit, Duration lease) {
        if (limit <= 0) {
            return List.of();
        }
        long now = clock.millis();
        long until = now + lease.toMillis();
        leaseEnds.values().removeIf(end -> end < now); // claims whose worker never released them
        List<ClaimedDelivery> claimed = vendor.isPostgres() ? claimWithSkipLocked(limit, now, until)
                : claimWithCompareAndSet(limit, now, until);
        claimed.forEach(c -> leaseEnds.put(c.lockToken(), until));
        return claimed;
    }

    /**
     * One statement. The candidates are read per status, each in the order of the (status, next_attempt_at) index, so
     * the statement reads about {@code limit} index entries however long the queue is: with the OR of {@link #DUE}
     * alone, PostgreSQL gathered every due row and sorted them for each claim (30 ms and more with 100,000 due,
     * bench/run.sh's claim point). The candidates are then locked with SKIP LOCKED and checked against DUE again; a
     * few more candidates than {@code limit} leave room for rows another claimer has just locked.
     */
    private List<ClaimedDelivery> claimWithSkipLocked(int limit, long now, long until) {
        // one token per row: a takeover is always detectable, even inside one instance
        String tokenPrefix = newTokenPrefix();
        int candidates = CLAIM_CANDIDATES_PER_ROW * limit;
        return jdbc.query("UPDATE delivery_state d SET status = 'processing', attempts = d.attempts + 1,"
                        + " locked_by = CAST(? AS TEXT) || d.key, locked_until = ?, updated_at = ?"
                        + " FROM (SELECT key FROM delivery_state WHERE key IN (SELECT key FROM ("
                        + "(SELECT key, next_attempt_at FROM delivery_state WHERE status = 'pending' AND next_attempt_at <= ?"
                        + " ORDER BY next_attempt_at LIMIT ?)"
                        + " UNION ALL (SELECT key, next_attempt_at FROM delivery_state WHERE status = 'retrying'"
                        + " AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?)"
                        + " UNION ALL (SELECT key, next_attempt_at FROM delivery_state WHERE " + LEASE_EXPIRED
                        + " ORDER BY next_attempt_at LIMIT ?)) candidate ORDER BY next_attempt_at LIMIT ?)"
                        + " AND " + DUE + " ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED) due"
                        + " WHERE d.key = due.key RETURNING " + qualified("d"),
                ROW, tokenPrefix, until, now, now, candidates, now, candidates, now, candidates, candidates, now, now, limit);
    }

    private List<ClaimedDelivery> claimWithCompareAndSet(int limit, long now, long until) {
        List<String> candidates = candidates(limit * 2, now);
        String tokenPrefix = newTokenPrefix();
        // one transaction for the rows, and its commit shared with the webhooks and outcomes committing now
        return commits.execute(() -> claimEach(candidates, limit, tokenPrefix, now, until));
    }

    private List<ClaimedDelivery> claimEach(List<String> candidates, int limit, String tokenPrefix, long now, long until) {
        List<String> won = new ArrayList<>();
        for (String key : candidates) {
            if (won.size() == limit) {
                break;
            }
            if (jdbc.update("UPDATE delivery_state SET status = 'processing', attempts = attempts + 1,"
                    + " locked_by = ?, locked_until = ?, updated_at = ? WHERE key = ? AND " + DUE,
                    tokenPrefix + key, until, now, key, now, now) == 1) {
                won.add(key);
            }
        }
        if (won.isEmpty()) {
            return List.of();
        }
        // the rows just leased (in this transaction, so still ours), read in one statement, in claim order
        Map<String, ClaimedDelivery> byKey = new HashMap<>();
        jdbc.query("SELECT " + COLUMNS + " FROM delivery_state WHERE key IN ("
                + String.join(", ", Collections.nCopies(won.size(), "?")) + ")", ROW, won.toArray())
                .forEach(row -> byKey.put(row.key(), row));
        return won.stream().map(byKey::get).toList();
    }

    /**
     * Keys of due deliveries, oldest due first. H2 answers the OR of {@link #DUE} with a scan of the whole
     * table (which keeps every finished delivery until it is pruned), and even {@code status IN (…)} makes it
     * read and sort every waiting row: with a backlog each claim read the whole backlog, and the poller burned
     * most of the CPU (seen in the benchmark). One status per query, ordered like the (status, next_attempt_at)
     * index, lets H2 stop after {@code limit} index entries; the three short lists are merged here.
     */
    private List<String> candidates(int limit, long now) {
        RowMapper<Map.Entry<String, Long>> keyAndDue = (rs, i) -> Map.entry(rs.getString(1), rs.getLong(2));
        List<Map.Entry<String, Long>> due = new ArrayList<>();
        for (String waiting : List.of("pending", "retrying")) {
            due.addAll(jdbc.query("SELECT key, next_attempt_at FROM delivery_state WHERE status = ? AND next_attempt_at <= ?"
                    + " ORDER BY status, next_attempt_at LIMIT ?", keyAndDue, waiting, now, limit));
        }
        due.addAll(jdbc.query("SELECT key, next_attempt_at FROM delivery_state WHERE " + LEASE_EXPIRED
                + " ORDER BY status, next_attempt_at LIMIT ?", keyAndDue, now, limit));
        due.sort(Map.Entry.comparingByValue());
        return due.stream().limit(limit).map(Map.Entry::getKey).toList();
    }

    /**
     * Extends the lease; false when it was lost (expired and taken over), so the caller must stop.
     * While at least three quarters of a lease this instance wrote are left, nothing is written: the lease
     * cannot have expired, so no one else can hold it (a takeover needs {@code locked_until < now}). The
     * first renewal right after the claim was one UPDATE and commit per delivery (benchmark).
     */
    public boolean renew(ClaimedDelivery delivery, Duration lease) {
        long now = clock.millis();
        Long end = leaseEnds.get(delivery.lockToken());
        if (end != null && end - now >= lease.toMillis() - lease.toMillis() / 4) {
            return true;
        }
        long until = now + lease.toMillis();
        boolean renewed = jdbc.update("UPDATE delivery_state SET locked_until = ?, updated_at = ?"
                        + " WHERE key = ? AND locked_by = ? AND status = 'processing'",
                until, now, delivery.key(), delivery.lockToken()) == 1;
        if (renewed) {
            leaseEnds.put(delivery.lockToken(), until);
        } else {
            leaseEnds.remove(delivery.lockToken());
        }
        return renewed;
    }

    /** Ends the claim with a final status; false when the lease was lost first. */
    public boolean finish(ClaimedDelivery delivery, DeliveryStatus status, String lastError) {
        if (!status.isFinal()) {
            throw new IllegalArgumentException("not a final status: " + status);
        }
        return release(delivery, status, null, lastError);
    }

    /** Ends the claim and puts the delivery back in the queue, due at {@code nextAttemptAt}. */
    public boolean reschedule(ClaimedDelivery delivery, Instant nextAttemptAt, String lastError) {
        return release(delivery, DeliveryStatus.RETRYING, nextAttemptAt.toEpochMilli(), lastError);
    }

    private boolean release(ClaimedDelivery delivery, DeliveryStatus status, Long nextAttemptAt, String lastError) {
        leaseEnds.remove(delivery.lockToken());
        // its commit, and on PostgreSQL its statement, is shared with the other workers' (group commit)
        return commits.write(releases, new Release(delivery.key(), delivery.lockToken(), status, nextAttemptAt, lastError,
                clock.millis()));
    }

    /** A claim ended: the delivery's new status (and due time), the error it ended with. */
    private record Release(String key, String lockToken, DeliveryStatus status, Long nextAttemptAt, String lastError, long at) {
    }

    private static final List<String> RELEASE_TYPES = List.of("TEXT", "TEXT", "TEXT", "BIGINT", "TEXT", "BIGINT");

    /** Each result is whether the lease still held, so that the row was released. */
    private final GroupCommit.Merged<Release, Boolean> releases = this::releaseAll;

    /*
     * A delivered delivery keeps its payload for the delivery view while DELIVERED_PAYLOAD_RETENTION lasts
     * (storage-prune discards it then); with no retention it discards the inline payload here, and the parked one's
     * reference stays for the sweep. Kept, the payload is copied again each time H2 rewrites a page the finished row
     * shares with the rows still in flight (bench/results). A failed or dead one keeps it for FAILED_PAYLOAD_RETENTION,
     * so that it can be replayed.
     */
    private List<Boolean> releaseAll(List<Release> released) {
        if (!vendor.isPostgres()) {
            // in-process: a statement costs no round trip, and H2 has no UPDATE … FROM
            return released.stream().map(r -> jdbc.update("UPDATE delivery_state SET status = ?,"
                            + " next_attempt_at = COALESCE(?, next_attempt_at),"
                            + (r.status() == DeliveryStatus.DELIVERED && !keepsDeliveredPayload ? " payload = NULL," : "")
                            + " locked_by = NULL, locked_until = NULL, last_error = ?, updated_at = ?"
                            + " WHERE key = ? AND locked_by = ? AND status = 'processing'",
                    r.status().wireName(), r.nextAttemptAt(), r.lastError(), r.at(), r.key(), r.lockToken()) == 1).toList();
        }
        List<Object> args = new ArrayList<>();
        for (Release r : released) {
            args.addAll(Arrays.asList(r.key(), r.lockToken(), r.status().wireName(), r.nextAttemptAt(), r.lastError(), r.at()));
        }
        Set<String> done = new HashSet<>(jdbc.queryForList("UPDATE delivery_state d SET status = v.status,"
                        + " next_attempt_at = COALESCE(v.next_attempt_at, d.next_attempt_at),"
                        + (keepsDeliveredPayload ? "" : " payload = CASE WHEN v.status = 'delivered' THEN NULL ELSE d.payload END,")
                        + " locked_by = NULL, locked_until = NULL, last_error = v.last_error, updated_at = v.updated_at"
                        + " FROM (VALUES " + MultiRowInsert.typedRows(released.size(), RELEASE_TYPES)
                        + ") AS v(key, locked_by, status, next_attempt_at, last_error, updated_at)"
                        + " WHERE d.key = v.key AND d.locked_by = v.locked_by AND d.status = 'processing' RETURNING d.key",
                String.class, args.toArray()));
        return released.stream().map(r -> done.contains(r.key())).toList();
    }

    /**
     * Gives a claim back that no worker has started (at shutdown): the row is due again at once, with its try
     * count as before the claim, so another instance takes it without waiting for the lease to run out. False
     * when the lease was lost first. Never for a claim whose worker may have sent something: then the lease
     * must run out (a send may be in flight).
     */
    public boolean giveBack(ClaimedDelivery delivery) {
        leaseEnds.remove(delivery.lockToken());
        long now = clock.millis();
        // SET reads the row as it was: attempts is still the claim's count there
        return jdbc.update("UPDATE delivery_state SET status = CASE WHEN attempts <= 1 THEN 'pending' ELSE 'retrying' END,"
                        + " attempts = attempts - 1, next_attempt_at = ?, locked_by = NULL, locked_until = NULL, updated_at = ?"
                        + " WHERE key = ? AND locked_by = ? AND status = 'processing'",
                now, now, delivery.key(), delivery.lockToken()) == 1;
    }

    /** Moves the group's deliveries and their targets to its new id, in the caller's transaction (a group's rename). */
    public void renameGroup(String from, String to) {
        jdbc.update("UPDATE delivery_state SET group_id = ? WHERE group_id = ?", to, from);
        jdbc.update("UPDATE delivery_targets SET group_id = ? WHERE group_id = ?", to, from);
    }

    /** The current status of a delivery, or null when there is no such row. */
    public DeliveryStatus status(String key) {
        List<String> rows = jdbc.queryForList("SELECT status FROM delivery_state WHERE key = ?", String.class, key);
        return rows.isEmpty() ? null : DeliveryStatus.fromWire(rows.get(0));
    }

    private String newTokenPrefix() {
        return instanceId + "/" + UUID.randomUUID() + "/";
    }

    private static String qualified(String alias) {
        return alias + "." + COLUMNS.replace(", ", ", " + alias + ".");
    }

    private static final RowMapper<ClaimedDelivery> ROW = (ResultSet rs, int i) -> new ClaimedDelivery(
            rs.getString("key"),
            rs.getString("delivery_id"),
            rs.getString("provider"),
            rs.getString("event"),
            rs.getString("group_id"),
            (Long) rs.getObject("installation_id", Long.class),
            rs.getString("payload"),
            rs.getString("payload_ref"),
            (Long) rs.getObject("received_at", Long.class),
            rs.getInt("attempts"),
            rs.getString("locked_by"),
            rs.getString("trace_parent"));
}
