package dev.webhooker.delivery;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Appends {@code send_logs} rows. Best effort: a failed log write is logged and never fails a delivery.
 * Called inside the transaction that stores a target's outcome, the rows are written under a savepoint
 * (nested transaction): a failing insert rolls back to it, and the outcome still commits (on PostgreSQL a
 * failed statement would otherwise abort the whole transaction). Outside a transaction it is its own.
 */
class SendLogs {

    private static final int COLUMNS = 18;

    private static final Logger LOG = LoggerFactory.getLogger(SendLogs.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate savepoint;

    public SendLogs(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.savepoint = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.savepoint.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
    }

    public void append(List<SendLogEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        try {
            // one statement for every row: the rows of several targets' outcomes are written together (OutcomeStore)
            List<Object> args = new ArrayList<>(entries.size() * COLUMNS);
            for (SendLogEntry e : entries) {
                args.addAll(Arrays.asList(e.ts(), e.routeId(), e.event(), e.repo(), e.target(), e.ok() ? 1 : 0, e.error(),
                        e.status(), e.messageId(), e.deliveryId(), e.platform(), e.actor(), e.action(), e.durationMs(),
                        e.errorCode(), e.attempts(), e.detail(), e.groupId()));
            }
            String row = "(" + String.join(", ", Collections.nCopies(COLUMNS, "?")) + ")";
            savepoint.executeWithoutResult(status -> jdbc.update("INSERT INTO send_logs (ts, route_id, event, repo, target, ok,"
                    + " error, status, message_id, delivery_id, platform, actor, action, duration_ms, error_code, attempts, detail,"
                    + " group_id) VALUES " + String.join(", ", Collections.nCopies(entries.size(), row)), args.toArray()));
        } catch (RuntimeException e) {
            LOG.warn("could not write {} send_logs row(s) of deliveries {}: {}", entries.size(),
                    entries.stream().map(SendLogEntry::deliveryId).distinct().toList(), e.getMessage());
        }
    }
}
