package dev.webhooker.queue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.Target;
import dev.webhooker.store.DatabaseVendor;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.store.MultiRowInsert;

/** The {@code delivery_targets} table: the plan of a delivery and each target's outcome. */
public class DeliveryTargets {

    /** A target's JSON fields that have columns of their own, by field. */
    private static final Map<String, String> ID_COLUMNS = Map.of("platform", "platform", "channelId", "channel_id",
            "threadId", "thread_id", "chatId", "chat_id", "topicId", "topic_id");

    private final JdbcTemplate jdbc;
    private final DatabaseVendor vendor;
    private final GroupCommit commits;
    private final ConfigJson json;
    private final RowMapper<DeliveryTarget> row = this::row;

    /**
     * {@code commits} must run on {@code dataSource}: its units write through this class's JdbcTemplate.
     * {@code seal} seals a webhook target's secrets in its {@code target_json} and opens them again.
     */
    public DeliveryTargets(DataSource dataSource, GroupCommit commits, SecretSeal seal) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.vendor = new DatabaseVendor(dataSource);
        this.commits = commits;
        this.json = ConfigJson.forStorage().sealedWith(seal);
    }

    /**
     * Up to {@code limit} stored target JSON texts that hold a sealed value ({@code "v1:…"}): samples for the start's
     * check that the secret key opens what this database holds.
     */
    public static List<String> sealedTargetJson(JdbcTemplate jdbc, int limit) {
        return jdbc.queryForList("SELECT target_json FROM delivery_targets WHERE target_json LIKE '%\"v1:%' LIMIT " + limit,
                String.class);
    }

    /** The delivery's targets in plan order (route, then target). */
    public List<DeliveryTarget> list(String deliveryKey) {
        return jdbc.query("SELECT * FROM delivery_targets WHERE delivery_key = ? ORDER BY position", row, deliveryKey);
    }

    /**
     * Writes the plan in one transaction and returns what is stored. If a plan exists already (a worker whose lease
     * expired wrote it), that one wins and this one is dropped. The plans that workers save at the same moment are
     * one merged write of the group commit: one INSERT for all of their rows.
     */
    public List<DeliveryTarget> savePlan(String deliveryKey, List<DeliveryTarget> plan) {
        if (plan.isEmpty()) {
            // no route matched: nothing to write, so no (empty) transaction and commit
            return plan;
        }
        long now = System.currentTimeMillis();
        List<Object[]> rows = plan.stream().map(t -> planRow(t, now)).toList();
        try {
            commits.write(plans, rows);
            return plan;
        } catch (DuplicateKeyException e) {
            // the other writer's plan is complete (it was one transaction too); a batch holding a plan that collides
            // is rolled back and its plans written one by one, so only this one is dropped
            return list(deliveryKey);
        }
    }

    /** Plans written together: the rows of every plan of a batch in one INSERT. */
    private final GroupCommit.Merged<List<Object[]>, Boolean> plans = this::insertPlans;

    private List<Boolean> insertPlans(List<List<Object[]>> plansRows) {
        MultiRowInsert.into(jdbc, vendor, "delivery_targets (delivery_key, group_id, route_id, target_id, position,"
                + " route_name, platform, channel_id, thread_id, chat_id, topic_id, target_json, status, attempts,"
                + " next_attempt_at, updated_at)", plansRows.stream().flatMap(List::stream).toList());
        return Collections.nCopies(plansRows.size(), Boolean.TRUE);
    }

    /**
     * A plan row's values. The id columns hold the fields of the target's JSON of those names; a target with any other
     * field (an endpoint's URL, secrets and headers, sealed) is kept as its whole JSON.
     */
    private Object[] planRow(DeliveryTarget t, long now) {
        ObjectNode wire = json.write(t.target());
        Set<String> fields = new HashSet<>();
        wire.fieldNames().forEachRemaining(fields::add);
        boolean idsOnly = ID_COLUMNS.keySet().containsAll(fields);
        return new Object[] {t.deliveryKey(), t.groupId(), t.routeId(), t.targetId(), t.position(), t.routeName(),
                t.target().platform(), wire.path("channelId").textValue(), wire.path("threadId").textValue(),
                wire.path("chatId").textValue(), wire.path("topicId").textValue(), idsOnly ? null : json.toText(wire),
                t.progress().status().wireName(), t.progress().attempts(), t.progress().nextAttemptAt().toEpochMilli(), now};
    }

    /**
     * Writes the targets' outcomes (each with the time it was reached) in the current transaction: on PostgreSQL in one
     * statement however many there are, so that a batch of outcomes from several workers costs one.
     */
    public void updateAll(List<DeliveryTarget> outcomes, List<Instant> times) {
        if (outcomes.isEmpty()) {
            return;
        }
        if (!vendor.isPostgres()) {
            // in-process: a statement costs no round trip, and H2 has no UPDATE … FROM
            for (int i = 0; i < outcomes.size(); i++) {
                update(outcomes.get(i), times.get(i));
            }
            return;
        }
        List<Object> args = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            DeliveryTarget t = outcomes.get(i);
            args.addAll(Arrays.asList(t.deliveryKey(), t.position(), t.progress().status().wireName(), t.progress().attempts(),
                    t.progress().nextAttemptAt().toEpochMilli(), t.lastError(), t.errorCode(),
                    t.httpStatus(), t.messageId(), times.get(i).toEpochMilli()));
        }
        jdbc.update("UPDATE delivery_targets t SET status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,"
                        + " last_error = v.last_error, error_code = v.error_code, http_status = v.http_status,"
                        + " message_id = v.message_id, updated_at = v.updated_at FROM (VALUES "
                        + MultiRowInsert.typedRows(outcomes.size(), OUTCOME_TYPES) + ") AS v(delivery_key, position, status, attempts,"
                        + " next_attempt_at, last_error, error_code, http_status, message_id, updated_at)"
                        + " WHERE t.delivery_key = v.delivery_key AND t.position = v.position",
                args.toArray());
    }

    private static final List<String> OUTCOME_TYPES = List.of("TEXT", "INTEGER", "TEXT", "INTEGER", "BIGINT", "TEXT", "TEXT",
            "INTEGER", "TEXT", "BIGINT");


    /** Writes {@code item} of {@code kind} with the other workers' items of that kind, in one shared commit. */
    public <T, R> R write(GroupCommit.Merged<T, R> kind, T item) {
        return commits.write(kind, item);
    }

    /**
     * A row is found by its delivery and its place in the plan, which is as unique as the primary key. With the whole
     * key in the condition, H2 kept the plan it made while the table was small, a scan of the group's rows through
     * (group_id, status): each outcome then read every target the group had waiting, and a backlog drained ever slower.
     * The delivery key alone is the primary key's first column, and leaves H2 no other index to choose.
     */
    public void update(DeliveryTarget t, Instant now) {
        jdbc.update("UPDATE delivery_targets SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?,"
                        + " error_code = ?, http_status = ?, message_id = ?, updated_at = ?"
                        + " WHERE delivery_key = ? AND position = ?",
                t.progress().status().wireName(), t.progress().attempts(), t.progress().nextAttemptAt().toEpochMilli(),
                t.lastError(), t.errorCode(), t.httpStatus(), t.messageId(),
                now.toEpochMilli(), t.deliveryKey(), t.position());
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
                code,
                (Integer) rs.getObject("http_status", Integer.class),
                rs.getString("message_id"));
    }
}
