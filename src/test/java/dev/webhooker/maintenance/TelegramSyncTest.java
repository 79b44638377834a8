package dev.webhooker.maintenance;

import dev.webhooker.testsupport.LogCapture;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TelegramSyncTest {

    @RegisterExtension
    static WireMockExtension telegram = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private static final String SET_WEBHOOK = "/bot123:ABC/setWebhook";

    @BeforeEach
    void stub() {
        telegram.stubFor(post(urlEqualTo(SET_WEBHOOK)).willReturn(okJson("{\"ok\":true,\"result\":true,\"description\":\"Webhook is already set\"}")));
    }

    private TelegramSync sync(String token, String baseUrl, String secret) {
        return new TelegramSync(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(),
                new ObjectMapper(), token, baseUrl, secret, telegram.baseUrl() + "/", Duration.ofSeconds(5));
    }

    @Test
    void setsTheWebhookWithTheSecretWhenOneIsConfigured() {
        assertThat(sync("123:ABC", "https://hooks.example.org/", "s3cret").run()).isEqualTo(TelegramSync.Result.OK);

        telegram.verify(1, postRequestedFor(urlEqualTo(SET_WEBHOOK)).withRequestBody(equalToJson("""
                {"url": "https://hooks.example.org/telegram/webhook", "secret_token": "s3cret",
                 "allowed_updates": ["message"], "drop_pending_updates": false}""")));
    }

    @Test
    void leavesTheSecretOutWhenNoneIsConfigured() {
        sync("123:ABC", "https://hooks.example.org", " ").run();

        telegram.verify(1, postRequestedFor(urlEqualTo(SET_WEBHOOK)).withRequestBody(equalToJson("""
                {"url": "https://hooks.example.org/telegram/webhook",
                 "allowed_updates": ["message"], "drop_pending_updates": false}""")));
    }

    @Test
    void skippedWithoutTokenOrBaseUrl() {
        try (LogCapture log = new LogCapture(TelegramSync.class)) {
            assertThat(sync("", "https://hooks.example.org", "s").run()).isEqualTo(TelegramSync.Result.SKIPPED);
            assertThat(sync("123:ABC", "", "s").run()).isEqualTo(TelegramSync.Result.SKIPPED);
            assertThat(log.lines()).containsExactly(
                    "INFO telegram-sync skipped: TELEGRAM_TOKEN is not set",
                    "INFO telegram-sync skipped: BASE_URL is not set");
        }
        assertThat(telegram.getAllServeEvents()).isEmpty();
    }

    @Test
    void aRefusalIsAnErrorAndTheTokenIsNeverLogged() {
        telegram.stubFor(post(urlEqualTo(SET_WEBHOOK)).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":401,\"description\":\"Unauthorized\"}")));

        try (LogCapture log = new LogCapture(TelegramSync.class)) {
            assertThat(sync("123:ABC", "https://hooks.example.org", null).run()).isEqualTo(TelegramSync.Result.ERROR);
            assertThat(log.lines()).containsExactly("WARN telegram-sync: setWebhook failed: HTTP 401 Unauthorized");
        }
    }
}
