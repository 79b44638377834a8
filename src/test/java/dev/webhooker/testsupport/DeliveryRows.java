package dev.webhooker.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

/** Writes {@code delivery_state} rows the way ingress does (CONTRACTS.md), for tests that run before ingress. */
public final class DeliveryRows {

    private final JdbcTemplate jdbc;

    public DeliveryRows(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    public String insertPending(String provider, String groupId, String deliveryId, String event, String payload,
                         String payloadRef, long receivedAt) {
        String key = provider + ":" + (groupId == null ? "global" : groupId) + ":" + deliveryId;
        jdbc.update("INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id,"
                        + " installation_id, payload, payload_ref, received_at, attempts, next_attempt_at)"
                        + " VALUES (?, 'pending', ?, ?, ?, ?, ?, NULL, ?, ?, ?, 0, ?)",
                key, receivedAt, deliveryId, provider, event, groupId, payload, payloadRef, receivedAt, receivedAt);
        return key;
    }

    public String status(String key) {
        return jdbc.queryForObject("SELECT status FROM delivery_state WHERE key = ?", String.class, key);
    }

    /**
     * A row read as a map with its JSON columns as text: H2 keeps the payload and the call record as their UTF-8
     * bytes (migration V18_1), which a map of column values holds as {@code byte[]}; every statement of the service
     * reads them back as text.
     */
    public static Map<String, Object> withTextColumns(Map<String, Object> row) {
        Map<String, Object> text = new HashMap<>(row);
        text.replaceAll((column, value) -> value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : value);
        return text;
    }

    public JdbcTemplate jdbc() {
        return jdbc;
    }
}
