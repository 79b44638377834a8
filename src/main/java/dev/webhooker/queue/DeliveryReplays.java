package dev.webhooker.queue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Puts the failed and dead targets of a delivery that has ended back in the queue: an operator's replay, or a
 * sender's redelivery of the same delivery id. Only a delivery whose status is final and not delivered is
 * re-opened, by one conditional update of its row (so two replays at once re-open it once, and a worker never
 * holds it meanwhile), and only while its payload is still kept (FAILED_PAYLOAD_RETENTION). A delivered
 * target is never touched: it is final and the engine never tries a final target again.
 * <p>
 * A re-opened target starts a fresh retry schedule (its tries count from zero); the delivery's own count
 * restarts at one, the count of a delivery whose plan is written, so the engine reads the plan it has.
 * Everything runs in the caller's transaction; the other instances are told the delivery is due again when it commits
 * ({@link DueWorkNotice}).
 */
public class DeliveryReplays {

    private static final String ENDED_UNDELIVERED = "('failed', 'dead')";

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final DueWorkNotice notice;

    public DeliveryReplays(JdbcTemplate jdbc, Clock clock, DueWorkNotice notice) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.notice = notice;
    }

    /** One (route × target) row of a delivery. */
    public record TargetRef(String groupId, String routeId, String targetId) {
    }

    /**
     * Re-opens {@code targets} (each only if it is failed or dead) of the delivery {@code key}; false when the
     * delivery is not failed or dead any more, or its payload is gone, and then nothing is written.
     */
    public boolean reopen(String key, List<TargetRef> targets) {
        long now = clock.millis();
        if (!reopenRow(key, "", List.of(), " AND (payload IS NOT NULL OR payload_ref IS NOT NULL)")) {
            return false;
        }
        for (TargetRef t : targets) {
            jdbc.update(REOPEN_TARGETS + " AND group_id = ? AND route_id = ? AND target_id = ?",
                    now, now, key, t.groupId(), t.routeId(), t.targetId());
        }
        notice.announce();
        return true;
    }

    /**
     * A redelivery of {@code key} (the same delivery id within the dedup window): when the earlier one ended
     * failed or dead, every failed and dead target is re-opened and the delivery takes the payload that came
     * with the redelivery (exactly one of {@code payloadJson} and {@code payloadRef}; the earlier one may have
     * been discarded). False when the earlier delivery was delivered or is still in flight: then it stays a
     * duplicate and nothing is written.
     */
    public boolean reopenForRedelivery(String key, String payloadJson, String payloadRef) {
        if (!reopenRow(key, " payload = ?, payload_ref = ?,", Arrays.asList(payloadJson, payloadRef), "")) {
            return false;
        }
        long now = clock.millis();
        jdbc.update(REOPEN_TARGETS, now, now, key);
        notice.announce();
        return true;
    }

    /** The one conditional update of the delivery row that re-opens it ({@code set} adds columns, {@code condition} a test). */
    private boolean reopenRow(String key, String set, List<Object> setArgs, String condition) {
        long now = clock.millis();
        List<Object> args = new ArrayList<>(List.of(now));
        args.addAll(setArgs);
        args.addAll(List.of(now, key));
        return jdbc.update("UPDATE delivery_state SET status = 'pending', attempts = 1, next_attempt_at = ?," + set
                + " last_error = NULL, locked_by = NULL, locked_until = NULL, updated_at = ? WHERE key = ? AND status IN "
                + ENDED_UNDELIVERED + condition, args.toArray()) == 1;
    }

    private static final String REOPEN_TARGETS = "UPDATE delivery_targets SET status = 'pending', attempts = 0,"
            + " next_attempt_at = ?, last_error = NULL, error_code = NULL, http_status = NULL, updated_at = ?"
            + " WHERE delivery_key = ? AND status IN " + ENDED_UNDELIVERED;
}
