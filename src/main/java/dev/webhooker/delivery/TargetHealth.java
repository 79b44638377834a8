package dev.webhooker.delivery;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import dev.webhooker.routing.Target;

/**
 * The {@code target_health} table: the failure streak of each endpoint target whose latest attempts all failed, and
 * whether {@link FailureStreak} disabled it. Outcomes are noted in the transaction that stores them. Which targets have
 * a row is read from a copy refreshed every {@link #REFRESH} (one small query over a table that holds only failing
 * endpoints), so a success costs no statement unless its target is failing: a disable or an admin's re-enable on
 * another instance takes effect here within that time, and a success here within that time of another instance's
 * first failure does not end that streak (the next success does).
 */
public final class TargetHealth {

    private static final Logger LOG = LoggerFactory.getLogger(TargetHealth.class);
    static final Duration REFRESH = Duration.ofSeconds(5);

    /** A target's streak; {@code disabledAt} is null while it is still being sent to. */
    public record Status(String targetId, String platform, Instant failingSince, int failures, Instant lastFailureAt,
                         String lastError, Instant disabledAt, String disabledReason) {

        public boolean disabled() {
            return disabledAt != null;
        }
    }

    private final JdbcTemplate jdbc;
    private final FailureStreak streak;
    private final RowMapper<Status> row = TargetHealth::row;
    private final Object refreshLock = new Object();
    private volatile Map<String, Status> disabled = Map.of();
    /** Targets with a row (failing or disabled), as of the last refresh, and those this instance wrote since. */
    private volatile Set<String> failing = Set.of();
    private volatile long refreshedAtNanos;
    private volatile boolean loaded;

    TargetHealth(DataSource dataSource, FailureStreak streak) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.streak = streak;
    }

    /** The disabled status of {@code target}, when it is disabled. */
    public Optional<Status> disabled(Target target) {
        if (!target.endpoint()) {
            return Optional.empty();
        }
        if (!loaded || System.nanoTime() - refreshedAtNanos > REFRESH.toNanos()) {
            refresh(false);
        }
        return Optional.ofNullable(disabled.get(target.id()));
    }

    /**
     * Notes an attempt's outcome, inside the transaction that stores it (it may run twice, see GroupCommit): a success
     * ends the streak, an endpoint failure extends it. Returns the status when this failure disabled the target.
     */
    Optional<Status> note(Target target, String targetId, SendOutcome outcome, Instant now) {
        if (!target.endpoint() || outcome == null) {
            return Optional.empty();
        }
        if (outcome.ok()) {
            if (isFailing(targetId)) {
                jdbc.update("DELETE FROM target_health WHERE target_id = ? AND disabled_at IS NULL", targetId);
            }
            return Optional.empty();
        }
        if (!FailureStreak.counts(outcome)) {
            return Optional.empty();
        }
        markFailing(targetId);
        String error = outcome.error();
        Optional<String> first = streak.disableReason(outcome, now, 1, now);
        Long disabledAt = first.isPresent() ? now.toEpochMilli() : null;
        if (jdbc.update("INSERT INTO target_health (target_id, platform, failing_since, failures, last_failure_at, last_error,"
                        + " disabled_at, disabled_reason) VALUES (?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                targetId, target.platform(), now.toEpochMilli(), now.toEpochMilli(), error, disabledAt,
                first.orElse(null)) == 1) {
            return first.map(reason -> new Status(targetId, target.platform(), now, 1, now, error, now, reason));
        }
        List<Status> rows = jdbc.query("SELECT * FROM target_health WHERE target_id = ?", row, targetId);
        if (rows.isEmpty() || rows.get(0).disabled()) {
            // re-enabled meanwhile (the next failure starts a new streak), or disabled already by a send in flight
            return Optional.empty();
        }
        Status current = rows.get(0);
        int failures = current.failures() + 1;
        Optional<String> reason = streak.disableReason(outcome, current.failingSince(), failures, now);
        jdbc.update("UPDATE target_health SET failures = failures + 1, last_failure_at = ?, last_error = ?, disabled_at = ?,"
                        + " disabled_reason = ? WHERE target_id = ? AND disabled_at IS NULL",
                now.toEpochMilli(), error, reason.isPresent() ? now.toEpochMilli() : null, reason.orElse(null), targetId);
        return reason.map(r -> new Status(targetId, current.platform(), current.failingSince(), failures, now, error, now, r));
    }

    private boolean isFailing(String targetId) {
        if (!loaded || System.nanoTime() - refreshedAtNanos > REFRESH.toNanos()) {
            refresh(false);
        }
        return failing.contains(targetId);
    }

    /** Before the row is written: a success right after this failure deletes it even before the next refresh. */
    private void markFailing(String targetId) {
        if (!failing.contains(targetId)) {
            synchronized (refreshLock) {
                Set<String> copy = new HashSet<>(failing);
                copy.add(targetId);
                failing = Set.copyOf(copy);
            }
        }
    }

    /** After the commit of a failure that disabled the target: no request is made to it from now on. */
    void disabledNow(Status status) {
        LOG.warn("{} target {} is disabled: {}; an admin re-enables it in the console (Targets) or with"
                + " POST /admin/api/targets/enable", status.platform(), status.targetId(), status.disabledReason());
        synchronized (refreshLock) {
            Map<String, Status> copy = new java.util.HashMap<>(disabled);
            copy.put(status.targetId(), status);
            disabled = Map.copyOf(copy);
        }
    }

    /** Every target with a streak, the disabled ones first, then by how long they have been failing. */
    public List<Status> list() {
        return jdbc.query("SELECT * FROM target_health ORDER BY CASE WHEN disabled_at IS NULL THEN 1 ELSE 0 END,"
                + " failing_since, target_id", row);
    }

    public Optional<Status> find(String targetId) {
        return jdbc.query("SELECT * FROM target_health WHERE target_id = ?", row, targetId).stream().findFirst();
    }

    /**
     * Re-enables a target (an admin's decision): its streak is forgotten and it is sent to again. False when it was not
     * disabled.
     */
    public boolean enable(String targetId) {
        boolean changed = jdbc.update("DELETE FROM target_health WHERE target_id = ? AND disabled_at IS NOT NULL", targetId) == 1;
        refresh(true);
        return changed;
    }

    private void refresh(boolean force) {
        synchronized (refreshLock) {
            if (!force && loaded && System.nanoTime() - refreshedAtNanos <= REFRESH.toNanos()) {
                // another thread refreshed it while this one waited
                return;
            }
            try {
                List<Status> rows = jdbc.query("SELECT * FROM target_health", row);
                disabled = rows.stream().filter(Status::disabled)
                        .collect(Collectors.toUnmodifiableMap(Status::targetId, Function.identity()));
                failing = rows.stream().map(Status::targetId).collect(Collectors.toUnmodifiableSet());
                loaded = true;
            } catch (RuntimeException e) {
                if (!loaded) {
                    throw e;
                }
                // the database is away for a moment: the last copy stands, tried again after REFRESH
                LOG.debug("could not refresh the disabled targets: {}", e.toString());
            }
            refreshedAtNanos = System.nanoTime();
        }
    }

    private static Status row(ResultSet rs, int i) throws SQLException {
        long disabledAt = rs.getLong("disabled_at");
        boolean disabled = !rs.wasNull();
        return new Status(rs.getString("target_id"), rs.getString("platform"), Instant.ofEpochMilli(rs.getLong("failing_since")),
                rs.getInt("failures"), Instant.ofEpochMilli(rs.getLong("last_failure_at")), rs.getString("last_error"),
                disabled ? Instant.ofEpochMilli(disabledAt) : null, rs.getString("disabled_reason"));
    }
}
