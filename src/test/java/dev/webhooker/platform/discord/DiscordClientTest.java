package dev.webhooker.platform.discord;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.testsupport.TestHttp;

class DiscordClientTest {

    static final ObjectMapper JSON = new ObjectMapper();
    WireMockServer discord;
    DiscordClient client;

    @BeforeEach
    void start() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        discord.start();
        client = client("secret-token");
    }

    DiscordClient client(String token) {
        return client(token, Duration.ofSeconds(10));
    }

    DiscordClient client(String token, Duration timeout) {
        return new DiscordClient(TestHttp.apis(), JSON,
                discord.baseUrl() + "/api/v10/", token,
                new PlatformCallSettings(timeout, Duration.ofSeconds(1), 3), new RateLimits(Clock.systemUTC()));
    }

    @AfterEach
    void stop() {
        discord.stop();
    }

    ObjectNode body() {
        return JSON.createObjectNode().put("content", "hello");
    }

    @Test
    void createsAMessageWithTheBotTokenAndReturnsItsId() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(okJson("{\"id\":\"9001\"}")));

        SendOutcome outcome = client.createMessage("111", body()).join();

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("9001");
        assertThat(outcome.httpStatus()).isEqualTo(200);
        discord.verify(postRequestedFor(urlEqualTo("/api/v10/channels/111/messages"))
                .withHeader("Authorization", equalTo("Bot secret-token"))
                .withRequestBody(equalToJson("{\"content\":\"hello\"}")));
    }

    @Test
    void editsWithPatch() {
        discord.stubFor(patch("/api/v10/channels/111/messages/9001").willReturn(okJson("{\"id\":\"9001\"}")));

        assertThat(client.editMessage("111", "9001", body()).join().ok()).isTrue();
        discord.verify(patchRequestedFor(urlEqualTo("/api/v10/channels/111/messages/9001")));
    }

    @Test
    void aShortRetryAfterIsWaitedInPlace() {
        discord.stubFor(post("/api/v10/channels/111/messages").inScenario("429").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"You are being rate limited.\",\"retry_after\":0.2,\"global\":false}"))
                .willSetStateTo("open"));
        discord.stubFor(post("/api/v10/channels/111/messages").inScenario("429").whenScenarioStateIs("open")
                .willReturn(okJson("{\"id\":\"1\"}")));

        SendOutcome outcome = client.createMessage("111", body()).join();

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.tries()).isEqualTo(2);
    }

    @Test
    void aLongRetryAfterIsRateLimitedAndBlocksTheBucketForEveryWorker() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(aResponse().withStatus(429)
                .withHeader("X-RateLimit-Bucket", "abc").withHeader("Retry-After", "30")
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"You are being rate limited.\",\"retry_after\":30.5,\"global\":false}")));
        discord.stubFor(post("/api/v10/channels/222/messages").willReturn(okJson("{\"id\":\"2\"}")));

        SendOutcome first = client.createMessage("111", body()).join();
        SendOutcome second = client.createMessage("111", body()).join();

        assertThat(first.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(first.retryAfter()).isEqualTo(Duration.ofMillis(30_500));
        assertThat(first.httpStatus()).isEqualTo(429);
        assertThat(second.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(second.tries()).as("no request while the bucket is blocked").isZero();
        discord.verify(1, postRequestedFor(urlEqualTo("/api/v10/channels/111/messages")));
        assertThat(client.createMessage("222", body()).join().ok()).as("another channel is another bucket").isTrue();
    }

    @Test
    void anExhaustedBucketIsRespectedBeforeAny429() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(okJson("{\"id\":\"1\"}")
                .withHeader("X-RateLimit-Bucket", "abc").withHeader("X-RateLimit-Remaining", "0")
                .withHeader("X-RateLimit-Reset-After", "20.000")));

        assertThat(client.createMessage("111", body()).join().ok()).isTrue();
        SendOutcome next = client.createMessage("111", body()).join();

        assertThat(next.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(next.retryAfter()).isGreaterThan(Duration.ofSeconds(19));
        discord.verify(1, postRequestedFor(urlEqualTo("/api/v10/channels/111/messages")));
    }

    @Test
    void aGlobal429BlocksEveryChannel() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(aResponse().withStatus(429)
                .withHeader("X-RateLimit-Global", "true").withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"global\",\"retry_after\":10,\"global\":true}")));

        client.createMessage("111", body()).join();
        SendOutcome other = client.createMessage("333", body()).join();

        assertThat(other.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(other.tries()).isZero();
    }

    @Test
    void threeShort429sGiveRetries() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json").withBody("{\"retry_after\":0.05}")));

        SendOutcome outcome = client.createMessage("111", body()).join();

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.RETRIES);
        assertThat(outcome.tries()).isEqualTo(3);
    }

    @Test
    void a4xxIsPermanentAndKeepsDiscordsText() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(aResponse().withStatus(403)
                .withBody("{\"message\": \"Missing Permissions\", \"code\": 50013}")));

        SendOutcome outcome = client.createMessage("111", body()).join();

        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errorCode()).isEqualTo(DiscordErrors.DISCORD_ERROR);
        assertThat(outcome.httpStatus()).isEqualTo(403);
        assertThat(outcome.error()).contains("Missing Permissions");
    }

    @Test
    void a5xxIsRetryableAndNotRetriedInPlace() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(aResponse().withStatus(502).withBody("bad gateway")));

        SendOutcome outcome = client.createMessage("111", body()).join();

        assertThat(outcome.errorCode()).isEqualTo(DiscordErrors.DISCORD_5XX);
        assertThat(outcome.error()).isEqualTo("bad gateway");
        discord.verify(1, postRequestedFor(urlEqualTo("/api/v10/channels/111/messages")));
    }

    @Test
    void aSlowAnswerTimesOutAsANetworkError() {
        discord.stubFor(post("/api/v10/channels/111/messages").willReturn(okJson("{\"id\":\"1\"}").withFixedDelay(3_000)));

        SendOutcome outcome = client("secret-token", Duration.ofMillis(200)).createMessage("111", body()).join();

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(outcome.error()).contains("timed out");
    }

    @Test
    void noChannelOrNoTokenMakesNoRequest() {
        assertThat(client.createMessage("", body()).join().errorCode()).isEqualTo(ErrorCode.NO_TARGET);
        assertThat(client("").createMessage("111", body()).join().errorCode()).isEqualTo(ErrorCode.NO_TOKEN);
        assertThat(discord.getAllServeEvents()).isEmpty();
    }
}
