package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import dev.webhooker.WebhookerApplication;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryPoller;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.DeliveryRows;

/**
 * The booted application, closed as on SIGTERM: a delivery it has claimed but no worker has started is back in the
 * queue afterwards, due and unleased, for another instance to take at once.
 */
class ShutdownHandOverIT {

    @Test
    void closingTheApplicationGivesBackTheClaimsNoWorkerStarted() throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-shutdown");
        SpringApplication app = new SpringApplication(WebhookerApplication.class);
        // the delivery routes stay stopped, so no worker takes the claim made below
        ConfigurableApplicationContext context = app.run("--server.port=0", "--management.server.port=0", "--webhooker.data-dir=" + dataDir,
                "--webhooker.database.url=", "--webhooker.redis-url=", "--webhooker.s3.bucket=", "--webhooker.config.file=",
                "--webhooker.delivery.enabled=false", "--spring.main.banner-mode=off");
        String key;
        try {
            key = new DeliveryRows(context.getBean(DataSource.class)).insertPending("github", null, "handed-over", "push", "{}", null,
                    System.currentTimeMillis());
            List<ClaimedDelivery> claimed = context.getBean(DeliveryPoller.class).claimDue();
            assertThat(claimed).extracting(ClaimedDelivery::key).containsExactly(key);
            assertThat(new DeliveryRows(context.getBean(DataSource.class)).status(key)).isEqualTo("processing");
        } finally {
            context.close();
        }
        DatabaseUrl url = DatabaseUrl.resolve("", null, null, dataDir);
        try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
             Statement s = c.createStatement();
             ResultSet row = s.executeQuery("SELECT status, locked_by, attempts FROM delivery_state WHERE key = '" + key + "'")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString("status")).isEqualTo("pending");
            assertThat(row.getString("locked_by")).isNull();
            assertThat(row.getInt("attempts")).isZero();
        }
    }
}
