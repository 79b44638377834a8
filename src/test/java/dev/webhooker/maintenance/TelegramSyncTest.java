package dev.webhooker.maintenance;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestHttp;

class TelegramSyncTest {

    @RegisterExtension
    static WireMockExtension telegram = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private static final String SET_WEBHOOK = "/bot123:ABC/setWebhook";
    private static final String WEBHOOK_INFO = "/bot123:ABC/getWebhookInfo";
    private static final String URL = "https://hooks.example.org/telegram/webhook";

    private static JdbcTemplate kvTable;
    private static SqlKvStore kv;

    @BeforeAll
    static void kvStore() {
        var dataSource = TestDatabases.h2();
        kvTable = new JdbcTemplate(dataSource);
        kv = new SqlKvStore(dataSource, DatabaseUrl.Vendor.H2, Clock.systemUTC());
    }

    @BeforeEach
    void stub() {
        kvTable.update("DELETE FROM kv_entries");
        telegram.stubFor(post(urlEqualTo(SET_WEBHOOK)).willReturn(okJson("{\"ok\":true,\"result\":true,\"description\":\"Webhook was set\"}")));
        webhookInfo("", null);
    }

    private static void webhookInfo(String url, String allowedUpdates) {
        telegram.stubFor(get(urlEqualTo(WEBHOOK_INFO)).willReturn(okJson("{\"ok\":true,\"result\":{\"url\":\"" + url
                + "\",\"pending_update_count\":3" + (allowedUpdates == null ? "" : ",\"allowed_updates\":" + allowedUpdates) + "}}")));
    }

    private TelegramSync sync(String token, String baseUrl, String secret) {
        TelegramClient client = new TelegramClient(TestHttp.apis(),
                new ObjectMapper(), telegram.baseUrl() + "/", token,
                new PlatformCallSettings(Duration.ofSeconds(5), Duration.ofSeconds(1), 3), new RateLimits(Clock.systemUTC()));
        return new TelegramSync(client, kv, baseUrl, secret);
    }

    @Test
    void setsTheWebhookWithTheSecretKeepingPendingUpdates() {
        assertThat(sync("123:ABC", "https://hooks.example.org/", "s3cret").run()).isEqualTo(TelegramSync.Result.OK);

        telegram.verify(1, postRequestedFor(urlEqualTo(SET_WEBHOOK)).withRequestBody(equalToJson("""
                {"url": "https://hooks.example.org/telegram/webhook", "secret_token": "s3cret",
                 "allowed_updates": ["message", "channel_post"], "drop_pending_updates": false}""")));
    }

    @Test
    void callsSetWebhookOnlyWhenTelegramsSettingsDiffer() {
        assertThat(sync("123:ABC", "https://hooks.example.org", "s3cret").run()).isEqualTo(TelegramSync.Result.OK);
        webhookInfo(URL, "[\"message\",\"channel_post\"]");

        assertThat(sync("123:ABC", "https://hooks.example.org", "s3cret").run()).isEqualTo(TelegramSync.Result.UNCHANGED);
        assertThat(sync("123:ABC", "https://hooks.example.org", "s3cret").run()).isEqualTo(TelegramSync.Result.UNCHANGED);
        telegram.verify(1, postRequestedFor(urlEqualTo(SET_WEBHOOK)));
        telegram.verify(3, getRequestedFor(urlEqualTo(WEBHOOK_INFO)));
    }

    @Test
    void aChangedSecretIsSentAlthoughGetWebhookInfoCannotShowIt() {
        sync("123:ABC", "https://hooks.example.org", "old").run();
        webhookInfo(URL, "[\"channel_post\",\"message\"]");

        assertThat(sync("123:ABC", "https://hooks.example.org", "new").run()).isEqualTo(TelegramSync.Result.OK);
        telegram.verify(postRequestedFor(urlEqualTo(SET_WEBHOOK)).withRequestBody(equalToJson("""
                {"url": "https://hooks.example.org/telegram/webhook", "secret_token": "new",
                 "allowed_updates": ["message", "channel_post"], "drop_pending_updates": false}""")));
    }

    @Test
    void aWebhookPointedElsewhereOrWithOtherUpdateTypesIsSetAgain() {
        sync("123:ABC", "https://hooks.example.org", "s3cret").run();
        webhookInfo("https://elsewhere.example/hook", "[\"message\"]");
        assertThat(sync("123:ABC", "https://hooks.example.org", "s3cret").run()).isEqualTo(TelegramSync.Result.OK);
        webhookInfo(URL, "[\"message\",\"callback_query\"]");
        assertThat(sync("123:ABC", "https://hooks.example.org", "s3cret").run()).isEqualTo(TelegramSync.Result.OK);
        telegram.verify(3, postRequestedFor(urlEqualTo(SET_WEBHOOK)));
    }

    @Test
    void skippedWithoutTokenBaseUrlOrSecret() {
        try (LogCapture log = new LogCapture(TelegramSync.class)) {
            assertThat(sync("", "https://hooks.example.org", "s").run()).isEqualTo(TelegramSync.Result.SKIPPED);
            assertThat(sync("123:ABC", "", "s").run()).isEqualTo(TelegramSync.Result.SKIPPED);
            assertThat(sync("123:ABC", "https://hooks.example.org", " ").run()).isEqualTo(TelegramSync.Result.SKIPPED);
            assertThat(log.lines()).containsExactly(
                    "INFO telegram-sync skipped: TELEGRAM_TOKEN is not set",
                    "INFO telegram-sync skipped: BASE_URL is not set",
                    "INFO telegram-sync skipped: TELEGRAM_WEBHOOK_SECRET is not set, and /telegram/webhook refuses updates without it");
        }
        assertThat(telegram.getAllServeEvents()).isEmpty();
    }

    @Test
    void aRefusalIsAnErrorAndTheTokenIsNeverLogged() {
        telegram.stubFor(post(urlEqualTo(SET_WEBHOOK)).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":401,\"description\":\"Unauthorized\"}")));

        try (LogCapture log = new LogCapture(TelegramSync.class)) {
            assertThat(sync("123:ABC", "https://hooks.example.org", "s").run()).isEqualTo(TelegramSync.Result.ERROR);
            assertThat(log.lines()).containsExactly("WARN telegram-sync: setWebhook failed: HTTP 401 Unauthorized");
        }
        assertThat(kv.get("config:telegram-webhook")).isEmpty();
    }
}
