package dev.webhooker.delivery;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.Target;
import dev.webhooker.store.GroupCommit;

/** The {@code delivery_targets} table: the plan of a delivery and each target's outcome. */
class DeliveryTargets {

    /** A target's JSON fields that have columns of their own, by field. */
    private static final Map<String, String> ID_COLUMNS = Map.of("platform", "platform", "channelId", "channel_id",
            "threadId", "thread_id", "chatId", "chat_id", "topicId", "topic_id");

    private final JdbcTemplate jdbc;
    private final GroupCommit commits;
    private final ConfigJson json;
    private final RowMapper<DeliveryTarget> row = this::row;

    /**
     * {@code commits} must run on {@code dataSource}: its units write through this class's JdbcTemplate.
     * {@code seal} seals a webhook target's secrets in its {@code target_json} and opens them again.
     */
    public DeliveryTargets(DataSource dataSource, GroupCommit commits, SecretSeal seal) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.commits = commits;
        this.json = ConfigJson.forStorage().sealedWith(seal);
    }

    /** The delivery's targets in plan order (route, then target). */
    public List<DeliveryTarget> list(String deliveryKey) {
        return jdbc.query("SELECT * FROM delivery_targets WHERE delivery_key = ? ORDER BY position", row, deliveryKey);
    }

    /**
     * Writes the plan in one transaction and returns what is stored. If a plan exists already (a worker
     * whose lease expired wrote it), that one wins and this one is dropped.
     */
    public List<DeliveryTarget> savePlan(String deliveryKey, List<DeliveryTarget> plan) {
        if (plan.isEmpty()) {
            // no route matched: nothing to write, so no (empty) transaction and commit
            return plan;
        }
        try {
            commits.execute(() -> {
                plan.forEach(this::insert);
                return null;
            });
            return plan;
        } catch (DuplicateKeyException e) {
            // the other writer's plan is complete (it was one transaction too)
            return list(deliveryKey);
        }
    }

    private void insert(DeliveryTarget t) {
        Target target = t.target();
        // the id columns hold the fields of the target's JSON of those names; a target with any other field (an
        // endpoint's URL, secrets and headers, sealed) is kept as its whole JSON
        ObjectNode wire = json.write(target);
        Set<String> fields = new HashSet<>();
        wire.fieldNames().forEachRemaining(fields::add);
        boolean idsOnly = ID_COLUMNS.keySet().containsAll(fields);
        jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, route_name,"
                        + " platform, channel_id, thread_id, chat_id, topic_id, target_json, status, attempts, next_attempt_at,"
                        + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                t.deliveryKey(), t.groupId(), t.routeId(), t.targetId(), t.position(), t.routeName(),
                target.platform(), wire.path("channelId").textValue(), wire.path("threadId").textValue(),
                wire.path("chatId").textValue(), wire.path("topicId").textValue(), idsOnly ? null : json.toText(wire),
                t.progress().status().wireName(), t.progress().attempts(), t.progress().nextAttemptAt().toEpochMilli(),
                System.currentTimeMillis());
    }

    /**
     * Stores a target's outcome and runs {@code alsoInTheSameTransaction} (its send_logs rows, the delivery's
     * release) before the one commit: one commit per target instead of two or three (benchmark), and that
     * commit is shared with other workers' (group commit). What the supplier writes through the same
     * DataSource joins the transaction; it may run twice (see {@link GroupCommit}).
     */
    public <T> T update(DeliveryTarget t, Instant now, Supplier<T> alsoInTheSameTransaction) {
        return commits.execute(() -> {
            update(t, now);
            return alsoInTheSameTransaction.get();
        });
    }

    public void update(DeliveryTarget t, Instant now) {
        jdbc.update("UPDATE delivery_targets SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?,"
                        + " error_code = ?, http_status = ?, message_id = ?, updated_at = ?"
                        + " WHERE delivery_key = ? AND group_id = ? AND route_id = ? AND target_id = ?",
                t.progress().status().wireName(), t.progress().attempts(), t.progress().nextAttemptAt().toEpochMilli(),
                t.lastError(), t.errorCode() == null ? null : t.errorCode().name(), t.httpStatus(), t.messageId(),
                now.toEpochMilli(), t.deliveryKey(), t.groupId(), t.routeId(), t.targetId());
    }

    /** A chat target as its id columns hold it, in its JSON shape (the platform's reader keeps the fields it has). */
    private static ObjectNode idColumns(ResultSet rs) throws SQLException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, String> column : ID_COLUMNS.entrySet()) {
            String value = rs.getString(column.getValue());
            if (value != null) {
                o.put(column.getKey(), column.getKey().equals("platform") ? value.toLowerCase(java.util.Locale.ROOT) : value);
            }
        }
        return o;
    }

    private DeliveryTarget row(ResultSet rs, int i) throws SQLException {
        String targetJson = rs.getString("target_json");
        Target target = targetJson != null ? json.readTarget(targetJson) : json.readTarget(idColumns(rs));
        String code = rs.getString("error_code");
        return new DeliveryTarget(
                rs.getString("delivery_key"),
                rs.getString("group_id"),
                rs.getString("route_id"),
                rs.getInt("position"),
                rs.getString("route_name"),
                target,
                new TargetProgress(TargetStatus.fromWire(rs.getString("status")), rs.getInt("attempts"),
                        Instant.ofEpochMilli(rs.getLong("next_attempt_at"))),
                rs.getString("last_error"),
                code == null ? null : ErrorCode.valueOf(code),
                (Integer) rs.getObject("http_status", Integer.class),
                rs.getString("message_id"));
    }
}
