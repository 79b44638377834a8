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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvStore;

/**
 * {@code import} on the embedded default, in this JVM, with an export built from WebHooker's schema (
 * in SQLite's dump format) and a KV dump: the dry run writes nothing, the import loads everything it has a rule for,
 * re-seals the group secrets, reports what it skipped and what it does not know, and a second run changes nothing.
 */
class ImportCommandIT {

    static final String TEAM_SECRET = "5f0c6d1e2b3a49788c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path d1;
    private Path kv;

    @BeforeEach
    void embeddedIn() throws IOException {
        System.setProperty("webhooker.data-dir", dir.resolve("data").toString());
        System.setProperty("webhooker.database.url", "");
        System.setProperty("webhooker.redis-url", "");
        System.setProperty("webhooker.s3.bucket", "");
        d1 = copy("d1-export.sql");
        kv = copy("kv-dump.json");
    }

    @AfterEach
    void clear() {
        List.of("webhooker.data-dir", "webhooker.database.url", "webhooker.redis-url", "webhooker.s3.bucket").forEach(System::clearProperty);
    }

    private Path copy(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/webhooker-import/" + name)) {
            Path file = dir.resolve(name);
            Files.copy(in, file);
            return file;
        }
    }

    private String run(String... args) {
        out.reset();
        err.reset();
        int status = new ImportCommand(() -> HeadlessApp.start(false)).run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aDryRunThenTheImportThenAgainChangesNothing() {
        String dry = run("--d1", d1.toString(), "--kv", kv.toString(), "--dry-run");
        assertThat(dry).contains("groups: 2 created (team, ops), 0 updated, 0 unchanged")
                .contains("routes: 3 created (team/pushes, team/ci, ops/all), 0 updated, 0 unchanged")
                .endsWith("dry run: nothing was written\n");
        try (ConfigurableApplicationContext app = HeadlessApp.start(false)) {
            assertThat(app.getBean(ConfigRepository.class).load().groups()).as("the dry run wrote nothing").isEmpty();
            assertThat(app.getBean(KvStore.class).get("tenant:team")).isEmpty();
            assertThat(app.getBean(JdbcTemplate.class).queryForObject("SELECT COUNT(*) FROM send_logs", Integer.class)).isZero();
        }

        String report = run("--d1", d1.toString(), "--kv", kv.toString());
        assertThat(report).contains("groups: 2 created (team, ops)")
                .contains("discord_links: 1 created (300000000000000001)")
                .contains("telegram_links: 1 created (42)")
                .contains("message_tracking: 1 created")
                .contains("dedup_keys: 1 created (github:team:d-1)")
                .contains("dedup keys from KV: 1 created (gitea:ops:g-7)")
                .contains("skipped 1 × dedup_keys: not a key of WebHooker's delivery:{provider}:{group}:{delivery id}")
                .contains("sessions: 1 created (olive)")
                .contains("skipped 1 × session of mallory: no access here")
                .contains("invites: 1 created (team (viewer))")
                .contains("skipped 1 × key invite:…: WebHooker's index of a group's invites")
                .contains("skipped 1 × table sqlite_sequence: internal table (SQLite's bookkeeping)")
                .contains("skipped 1 × table d1_migrations: internal table (wrangler's record of applied migrations)")
                .contains("audit_logs: 1 created")
                .contains("send_logs: 2 created")
                .contains("group webhook secrets: 1 created (team)")
                .contains("i18n overrides: 1 created (zh)")
                .contains("skipped 1 × group broken: members[0].role")
                .contains("skipped 1 × route gone/orphan: its group gone is neither in the export nor here")
                .contains("skipped 1 × table delivery_state: WebHooker's in-flight deliveries")
                .contains("skipped 1 × dedup_keys: expired")
                .contains("skipped 1 × key session:…: not a session id of WebHooker's (64 hex characters)")
                .contains("skipped 1 × key token:…: GitHub tokens")
                .contains("skipped 1 × key nonce:…: expired")
                .contains("skipped 1 × tenant secret of gone: no such group")
                .contains("unknown, not imported: table experiments (1 rows)")
                .contains("unknown, not imported: key feature-flags")
                .doesNotContain("gho_secret").doesNotContain(TEAM_SECRET).doesNotContain("5e55105e").doesNotContain("1a2b3c4d")
                .endsWith("imported\n");

        try (ConfigurableApplicationContext app = HeadlessApp.start(false)) {
            ConfigSnapshot config = app.getBean(ConfigRepository.class).load();
            Group team = config.groupsById().get("team");
            assertThat(team.lang()).isEqualTo("zh");
            assertThat(team.members()).extracting(Group.Member::login).containsExactly("olive", "adam");
            assertThat(config.groupsById().get("ops").name()).isEqualTo("Ops's room");
            Route ci = config.routes().stream().filter(r -> r.id().equals("ci")).findFirst().orElseThrow();
            assertThat(ci.stop()).isTrue();
            assertThat(ci.ast()).isNotNull();
            Route all = config.routes().stream().filter(r -> r.id().equals("all")).findFirst().orElseThrow();
            assertThat(all.enabled()).isFalse();
            assertThat(all.fallback()).isTrue();
            assertThat(app.getBean(TenantSecrets.class).current("team")).hasValue(TEAM_SECRET);
            assertThat(app.getBean(KvStore.class).get("tenant:team").orElseThrow()).as("sealed at rest").startsWith("v1:");
            assertThat(app.getBean(KvStore.class).get("i18n:zh")).hasValue("{\"push.title\":\"推送\"}");
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            assertThat(jdbc.queryForList("SELECT target || ' ' || ok || ' ' || COALESCE(error_code, '-') FROM send_logs ORDER BY ts",
                    String.class)).containsExactly("111111111111111111 1 -", "-100/7 0 TELEGRAM_ERROR");
            assertThat(jdbc.queryForObject("SELECT github_user_id FROM discord_links WHERE discord_user_id = '300000000000000001'",
                    String.class)).isEqualTo("1002");
            assertThat(jdbc.queryForObject("SELECT message_id FROM message_tracking WHERE target_id = '111111111111111111'", String.class))
                    .isEqualTo("9002");
            assertThat(jdbc.queryForList("SELECT key FROM dedup_keys ORDER BY key", String.class))
                    .as("the ingress's claims: WebHooker's keys without their delivery: prefix")
                    .containsExactly("gitea:ops:g-7", "github:team:d-1");
            KvStore kvStore = app.getBean(KvStore.class);
            assertThat(kvStore.get("session:5e55105e55105e55105e55105e55105e55105e55105e55105e55105e55105e55"))
                    .as("sessions are kept under the hash of their id").isEmpty();
            assertThat(kvStore.get("session:" + sha256("5e55105e55105e55105e55105e55105e55105e55105e55105e55105e55105e55")))
                    .hasValueSatisfying(v -> assertThat(v).contains("\"userId\":\"1002\"", "\"login\":\"olive\""));
            assertThat(kvStore.get("invite:1a2b3c4d5e6f70811a2b3c4d5e6f70811a2b3c4d5e6f70811a2b3c4d5e6f7081"))
                    .hasValueSatisfying(v -> assertThat(v).contains("\"groupId\":\"team\"", "\"role\":\"viewer\"", "\"note\":\"for vera\""));
        }

        String again = run("--d1", d1.toString(), "--kv", kv.toString());
        assertThat(again).contains("groups: 0 created, 0 updated, 2 unchanged")
                .contains("routes: 0 created, 0 updated, 3 unchanged")
                .contains("send_logs: 0 created, 0 updated, 2 unchanged")
                .contains("group webhook secrets: 0 created, 0 updated, 1 unchanged")
                .contains("sessions: 0 created, 0 updated, 1 unchanged")
                .contains("invites: 0 created, 0 updated, 1 unchanged")
                .contains("dedup_keys: 0 created, 0 updated, 1 unchanged")
                .endsWith("nothing to change\n");
    }

    static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aMalformedExportIsRefusedBeforeAnythingIsWritten() throws IOException {
        Files.writeString(d1, "INSERT INTO \"d1_groups\" VALUES('a');", StandardCharsets.UTF_8);
        int status = new ImportCommand(() -> HeadlessApp.start(false)).run(new String[] {"--d1", d1.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(d1 + ": line 1: INSERT INTO d1_groups has 1 values for 6 columns");
        assertThat(Files.exists(dir.resolve("data"))).as("no database was even opened").isFalse();
        assertThat(new ImportCommand(() -> HeadlessApp.start(false)).run(new String[] {"--kv", kv.toString()}, new PrintStream(out), new PrintStream(err)))
                .isEqualTo(Commands.USAGE);
    }
}
