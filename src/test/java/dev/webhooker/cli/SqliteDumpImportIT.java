package dev.webhooker.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.testsupport.TestRedis;

/**
 * {@code import} of what SQLite's own {@code .dump} writes for a WebHooker database: sqlite-dump.sql was made by
 * make-sqlite-dump.sh (next to it in src/test/resources/webhooker-import) from webhooker-d1.sql, WebHooker's tables
 * with rows in each, wrangler's {@code d1_migrations} and D1's {@code _cf_KV}. The dump has what a real one has:
 * {@code DELETE FROM sqlite_sequence} and its rows with no CREATE TABLE, unquoted INSERTs without column names,
 * text with a line break written as {@code replace(…, char(10))}, indexes after the data. On the embedded default
 * and on PostgreSQL with Redis, the import succeeds and reports the internal tables as skipped.
 */
class SqliteDumpImportIT {

    private static final List<String> PROPERTIES = List.of("webhooker.data-dir", "webhooker.database.url",
            "webhooker.database.user", "webhooker.database.password", "webhooker.redis-url", "webhooker.s3.bucket",
            "webhooker.secrets.key");

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void onTheEmbeddedDefault() throws IOException {
        System.setProperty("webhooker.data-dir", dir.resolve("data").toString());
        System.setProperty("webhooker.database.url", "");
        System.setProperty("webhooker.redis-url", "");
        System.setProperty("webhooker.s3.bucket", "");
        importsTheDump();
    }

    @Test
    void onPostgresqlAndRedis() throws IOException {
        System.setProperty("webhooker.data-dir", dir.resolve("data").toString());
        System.setProperty("webhooker.database.url", TestPostgres.newDatabase());
        System.setProperty("webhooker.database.user", TestPostgres.user());
        System.setProperty("webhooker.database.password", TestPostgres.password());
        System.setProperty("webhooker.redis-url", TestRedis.url());
        System.setProperty("webhooker.s3.bucket", "");
        System.setProperty("webhooker.secrets.key", AppStores.SECRET_KEY);
        importsTheDump();
    }

    private void importsTheDump() throws IOException {
        Path dump = dir.resolve("sqlite-dump.sql");
        try (InputStream in = getClass().getResourceAsStream("/webhooker-import/sqlite-dump.sql")) {
            Files.copy(in, dump);
        }

        String report = run(dump);

        assertThat(report).contains("groups: 2 created (team, ops)")
                .contains("routes: 2 created (team/pushes, ops/all)")
                .contains("discord_links: 1 created (300000000000000001)")
                .contains("telegram_links: 1 created (42)")
                .contains("message_tracking: 1 created")
                .contains("dedup_keys: 1 created (github:team:d-1)")
                .contains("audit_logs: 1 created")
                .contains("send_logs: 2 created")
                .contains("skipped 3 × table sqlite_sequence: internal table (SQLite's bookkeeping)")
                .contains("skipped 1 × DELETE FROM sqlite_sequence: internal table (SQLite's bookkeeping)")
                .contains("skipped 8 × table d1_migrations: internal table (wrangler's record of applied migrations)")
                .contains("skipped 1 × table _cf_kv: internal table (Cloudflare D1's bookkeeping)")
                .contains("skipped 1 × table delivery_state: WebHooker's in-flight deliveries")
                .contains("unknown, not imported: table experiments (1 rows)")
                .endsWith("imported\n");
        try (ConfigurableApplicationContext app = HeadlessApp.start(false)) {
            ConfigSnapshot config = app.getBean(ConfigRepository.class).load();
            assertThat(config.groupsById().get("ops").name()).isEqualTo("Ops's room");
            assertThat(config.routes()).extracting(r -> r.groupId() + "/" + r.id()).containsExactlyInAnyOrder("team/pushes", "ops/all");
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            assertThat(jdbc.queryForObject("SELECT error FROM send_logs WHERE target = '-200'", String.class))
                    .isEqualTo("Bad Request:\nchat not found\t(400)");
            assertThat(jdbc.queryForList("SELECT key || ' ' || expires_at FROM dedup_keys", String.class))
                    .as("WebHooker's claim as the ingress makes it, until WebHooker's expiry").containsExactly("github:team:d-1 4102444800000");
        }
        assertThat(run(dump)).as("a second run").contains("groups: 0 created, 0 updated, 2 unchanged")
                .contains("send_logs: 0 created, 0 updated, 2 unchanged").endsWith("nothing to change\n");
    }

    private String run(Path dump) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ImportCommand(() -> HeadlessApp.start(false)).run(new String[] {"--d1", dump.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }
}
