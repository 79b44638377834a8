package dev.webhooker.delivery;

import java.util.List;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.store.DatabaseVendor;
import dev.webhooker.store.MultiRowInsert;

/**
 * Appends {@code send_logs} rows. Best effort: a failed log write is logged and never fails a delivery.
 * Called inside the transaction that stores a target's outcome, the rows are written under a savepoint
 * (nested transaction): a failing insert rolls back to it, and the outcome still commits (on PostgreSQL a
 * failed statement would otherwise abort the whole transaction). Outside a transaction it is its own.
 */
class SendLogs {

    private static final Logger LOG = LoggerFactory.getLogger(SendLogs.class);

    private final JdbcTemplate jdbc;
    private final DatabaseVendor vendor;
    private final TransactionTemplate savepoint;

    public SendLogs(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.vendor = new DatabaseVendor(dataSource);
        this.savepoint = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.savepoint.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
    }

    public void append(List<SendLogEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        try {
            // the rows of several targets' outcomes are written together (OutcomeStore)
            List<Object[]> rows = entries.stream().map(e -> new Object[] {
                    e.ts(), e.routeId(), e.event(), e.repo(), e.target(), e.ok() ? 1 : 0, e.error(), e.status(),
                    e.messageId(), e.deliveryId(), e.platform(), e.actor(), e.action(), e.durationMs(),
                    e.errorCode(), e.attempts(), e.detail(), e.groupId(), e.callRecord()}).toList();
            savepoint.executeWithoutResult(status -> MultiRowInsert.into(jdbc, vendor, "send_logs (ts, route_id, event, repo,"
                    + " target, ok, error, status, message_id, delivery_id, platform, actor, action, duration_ms, error_code,"
                    + " attempts, detail, group_id, call_record)", rows));
        } catch (RuntimeException e) {
            LOG.warn("could not write {} send_logs row(s) of deliveries {}: {}", entries.size(),
                    entries.stream().map(SendLogEntry::deliveryId).distinct().toList(), e.getMessage());
        }
    }
}
