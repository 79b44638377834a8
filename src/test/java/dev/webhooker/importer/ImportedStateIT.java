package dev.webhooker.importer;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

import dev.webhooker.access.ScopeResolver;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvStore;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;

/**
 * What WebHooker knew keeps working after the import, on the running service with its delivery engine and a fake
 * Discord: a GitHub redelivery (same X-GitHub-Delivery, provider and group) of a delivery WebHooker took, whose
 * claim is in its D1 {@code dedup_keys} or its KV {@code delivery:…} keys in WebHooker's own form, is answered as a
 * duplicate and never sent, while a new delivery is sent once; a browser keeps its WebHooker session cookie; a
 * pending invite is still listed.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ImportedStateIT {

    static final FakeGithub GITHUB = new FakeGithub();
    static final WireMockServer DISCORD = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    static final String TEAM_SECRET = "5f0c6d1e2b3a49788c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d";
    static final String SESSION_ID = "5e55105e55105e55105e55105e55105e55105e55105e55105e55105e55105e55";
    static final String INVITE = "1a2b3c4d5e6f70811a2b3c4d5e6f70811a2b3c4d5e6f70811a2b3c4d5e6f7081";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        DISCORD.start();
        AppStores.embedded(registry, "imported-state");
        GITHUB.properties(registry);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.delivery.poll-interval", () -> "100ms");
    }

    @AfterAll
    static void stop() {
        DISCORD.stop();
    }

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;
    @Autowired
    PlatformTransactionManager transactions;
    @Autowired
    ConfigRepository repository;
    @Autowired
    KvStore kv;
    @Autowired
    TenantSecrets tenants;
    @Autowired
    ScopeResolver scopes;
    @Autowired
    ConfigSnapshots snapshots;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aRedeliveryOfWhatWebHookerTookStaysADuplicateAndItsSessionsAndInvitesWork() throws Exception {
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        long now = System.currentTimeMillis();
        long tookAt = now - Duration.ofHours(1).toMillis();
        String inD1 = "d1-" + UUID.randomUUID();
        String inKv = "kv-" + UUID.randomUUID();
        String fresh = "new-" + UUID.randomUUID();
        // WebHooker's own forms: dedup keys with its delivery: prefix, kept 120 s (long gone by its clock)
        D1Export export = D1Export.parse("""
                PRAGMA defer_foreign_keys=TRUE;
                INSERT INTO "d1_groups" VALUES('team','Team','{"id":"team","name":"Team","members":[{"login":"olive","role":"owner"}]}',1,%1$d,%1$d);
                INSERT INTO "d1_routes" VALUES('pushes','team','Pushes',1,'[{"type":"event","match":["push"]}]','[{"platform":"discord","channelId":"111111111111111111"}]',0,0,NULL,NULL,1,%1$d,%1$d);
                INSERT INTO "dedup_keys" VALUES('delivery:github:team:%2$s',%3$d,%4$d);
                DELETE FROM "sqlite_sequence";
                INSERT INTO "sqlite_sequence" VALUES('send_logs',7);
                """.formatted(tookAt, inD1, tookAt, tookAt + 120_000));
        long inAMinute = now / 1000 + 60;
        KvDump dump = KvDump.parse("""
                [{"key": "tenant:team", "value": "%1$s"},
                 {"key": "delivery:github:team:%2$s", "value": "1", "expiration": %3$d},
                 {"key": "session:%4$s", "value": "{\\"userId\\":\\"1002\\",\\"login\\":\\"olive\\"}", "expiration": %3$d},
                 {"key": "invite:%5$s", "value": "{\\"groupId\\":\\"team\\",\\"role\\":\\"viewer\\",\\"expiresAt\\":%6$d,\\"createdBy\\":\\"olive\\"}", "expiration": %3$d}]
                """.formatted(TEAM_SECRET, inKv, inAMinute, SESSION_ID, INVITE, now + 3_600_000), new ObjectMapper());

        ImportReport report = new WebHookerImport(dataSource, transactions, repository, kv, tenants, new ObjectMapper(), scopes,
                Duration.ofDays(7), Clock.systemUTC()).run(export, dump, false);
        // the import normally runs before the service starts; this one is already running
        snapshots.refresh();

        for (String redelivery : new String[] {inD1, inKv}) {
            HttpResponse<String> answer = webhook(redelivery);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            assertThat(FakeGithub.parse(answer.body()).path("duplicate").asBoolean()).as(redelivery + ": " + answer.body()).isTrue();
        }
        HttpResponse<String> accepted = webhook(fresh);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(FakeGithub.parse(accepted.body()).path("duplicate").asBoolean()).as(accepted.body()).isFalse();
        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(status(fresh)));
        DISCORD.verify(1, postRequestedFor(urlMatching("/channels/111111111111111111/messages")));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery_state WHERE delivery_id IN (?, ?)", Integer.class, inD1, inKv))
                .as("the redeliveries were never stored").isZero();
        assertThat(report.describe()).contains("dedup_keys: 1 created (github:team:" + inD1 + ")")
                .contains("dedup keys from KV: 1 created (github:team:" + inKv + ")")
                .contains("sessions: 1 created (olive)").contains("invites: 1 created (team (viewer))")
                .contains("skipped 1 × DELETE FROM sqlite_sequence: internal table");

        Browser browser = new Browser(port);
        browser.setCookie("wh_admin_session", SESSION_ID);
        HttpResponse<String> me = browser.getJson("/admin/api/me");
        assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
        assertThat(FakeGithub.parse(me.body()).path("login").asText()).isEqualTo("olive");
        HttpResponse<String> invites = browser.getJson("/admin/api/groups/team/invites");
        assertThat(invites.statusCode()).as(invites.body()).isEqualTo(200);
        JsonNode listed = FakeGithub.parse(invites.body()).path("invites");
        assertThat(listed).extracting(i -> i.path("token").asText() + " " + i.path("role").asText()).containsExactly(INVITE + " viewer");
    }

    private HttpResponse<String> webhook(String deliveryId) throws Exception {
        String fixture = Files.readString(Fixtures.root().resolve("github/push/commits.json"));
        // a body of its own per post: a redelivery's duplicate must come from its delivery id, not from an identical body
        byte[] body = ("{\"test_run\":\"" + UUID.randomUUID() + "\"," + fixture.substring(fixture.indexOf('{') + 1))
                .getBytes(StandardCharsets.UTF_8);
        return GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook/team", TEAM_SECRET, "push", deliveryId, body);
    }

    private String status(String deliveryId) {
        return jdbc.queryForList("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId)
                .stream().findFirst().orElse(null);
    }
}
