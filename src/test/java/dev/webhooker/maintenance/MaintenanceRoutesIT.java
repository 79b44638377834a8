package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.camel.CamelContext;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.quartz.LocalDataSourceJobStore;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TestPostgres;

/**
 * The whole app on PostgreSQL: routes/maintenance.camel.yaml schedules the four jobs in the clustered
 * Quartz store (QRTZ_* tables from Flyway) with the cron settings, and a fire calls the job bean.
 * The KV and payload stores are the app's own (the SQL KV table and the data directory).
 */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name: a context left cached would keep its
// scheduler running against the database registered last (QuartzClusterIT's)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MaintenanceRoutesIT {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-maintenance");
        String url = TestPostgres.newDatabase();
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> url);
        registry.add("webhooker.secrets.key", () -> "a test key of more than thirty-two characters");
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.maintenance.audit-prune-cron", () -> "*/1 * * * * ?");
        registry.add("webhooker.maintenance.storage-prune-cron", () -> "0 0 3 * * ?");
        registry.add("webhooker.maintenance.discord-sync-cron", () -> "17 4 * * 1-5");
        registry.add("webhooker.platforms.discord-token", () -> "");
        registry.add("webhooker.platforms.telegram-token", () -> "");
    }

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Scheduler scheduler;

    @Autowired
    CamelContext camel;

    @Test
    void theJobsAreScheduledInTheClusteredStoreAndFireTheirBeans() throws Exception {
        assertThat(scheduler.getMetaData().isJobStoreClustered()).isTrue();
        assertThat(scheduler.getMetaData().getJobStoreClass()).isEqualTo(LocalDataSourceJobStore.class);
        assertThat(jdbc.queryForList("SELECT trigger_name || ' ' || cron_expression FROM qrtz_cron_triggers"
                + " WHERE sched_name = 'webhooker'", String.class)).containsExactlyInAnyOrder(
                "storage-prune 0 0 3 * * ?",
                "audit-prune */1 * * * * ?",
                "discord-sync 0 17 4 ? * MON-FRI",
                "telegram-sync 0 */5 * * * ?");

        jdbc.update("INSERT INTO audit_logs (ts, action) VALUES (?, 'old')", System.currentTimeMillis() - Duration.ofDays(91).toMillis());
        jdbc.update("INSERT INTO audit_logs (ts, action) VALUES (?, 'recent')", System.currentTimeMillis());

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(jdbc.queryForList("SELECT action FROM audit_logs", String.class)).containsExactly("recent"));
        assertThat(camel.getRoute("audit-prune")).isNotNull();
    }
}
