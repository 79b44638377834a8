package dev.webhooker.queue;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.TestDatabases;

/**
 * On the embedded database the prune finds expired final deliveries, and delivered ones whose payload is to go, through
 * the updated_at index, which holds them in age order, not through the (status, next_attempt_at) index H2 picks for the
 * equality on status.
 */
class QueuePruneH2PlanTest {

    private final JdbcTemplate jdbc = new JdbcTemplate(TestDatabases.h2());

    @Test
    void expiredDeliveriesAreFoundThroughTheUpdatedAtIndex() {
        String sql = QueuePrune.expiredKeys("('delivered')", DatabaseUrl.Vendor.H2);

        assertThat(plan(sql)).contains("idx_delivery_state_updated_at: updated_at <")
                .doesNotContain("idx_delivery_state_due");
        String unhinted = sql.replace(" USE INDEX (idx_delivery_state_updated_at)", "");
        assertThat(plan(unhinted)).contains("idx_delivery_state_due");
    }

    @Test
    void deliveredPayloadsToDiscardAreFoundThroughTheUpdatedAtIndex() {
        String sql = QueuePrune.deliveredWithPayload(DatabaseUrl.Vendor.H2);

        assertThat(plan(sql)).contains("idx_delivery_state_updated_at: updated_at >= ")
                .doesNotContain("idx_delivery_state_due");
        String unhinted = sql.replace(" USE INDEX (idx_delivery_state_updated_at)", "");
        assertThat(plan(unhinted)).as("H2's own choice reads every delivered row").contains("idx_delivery_state_due");
    }

    private String plan(String sql) {
        return String.join("\n", jdbc.query("EXPLAIN " + sql.replace("?", "1"), (rs, n) -> rs.getString(1)));
    }
}
