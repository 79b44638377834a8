package dev.webhooker.platform.telegram;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.testsupport.TestHttp;

class TelegramClientTest {

    static final ObjectMapper JSON = new ObjectMapper();
    WireMockServer telegram;
    TelegramClient client;

    @BeforeEach
    void start() {
        telegram = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        telegram.start();
        client = client("123:TEST");
    }

    TelegramClient client(String token) {
        return client(token, Duration.ofSeconds(10));
    }

    TelegramClient client(String token, Duration timeout) {
        return new TelegramClient(TestHttp.apis(), JSON, telegram.baseUrl(), token,
                new PlatformCallSettings(timeout, Duration.ofSeconds(1), 3), new RateLimits(Clock.systemUTC()));
    }

    @AfterEach
    void stop() {
        telegram.stop();
    }

    ObjectNode message(String chat) {
        return JSON.createObjectNode().put("chat_id", chat).put("text", "<b>hi</b>").put("parse_mode", "HTML")
                .put("message_thread_id", 7);
    }

    @Test
    void sendsAndReturnsTheMessageId() {
        telegram.stubFor(post("/bot123:TEST/sendMessage")
                .willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77,\"chat\":{\"id\":-100}}}")));

        SendOutcome outcome = client.call("sendMessage", message("-100")).join();

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("77");
        telegram.verify(postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage"))
                .withRequestBody(equalToJson("{\"chat_id\":\"-100\",\"text\":\"<b>hi</b>\",\"parse_mode\":\"HTML\",\"message_thread_id\":7}")));
    }

    @Test
    void aChatGetsAtMostOneMessageASecondWhileAnotherChatIsNotHeldBack() {
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":1}}")));
        TelegramClient noWait = new TelegramClient(TestHttp.apis(), JSON, telegram.baseUrl(), "123:TEST",
                new PlatformCallSettings(Duration.ofSeconds(10), Duration.ZERO, 3), new RateLimits(Clock.systemUTC()));

        assertThat(noWait.call("sendMessage", message("42")).join().ok()).isTrue();
        SendOutcome second = noWait.call("sendMessage", message("42")).join();
        SendOutcome otherChat = noWait.call("sendMessage", message("43")).join();

        // the chat's next token is under a second away: rescheduled (RATE_LIMITED), and no request made for it
        assertThat(second.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(second.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(second.tries()).isZero();
        assertThat(otherChat.ok()).isTrue();
        telegram.verify(2, postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage")));
    }

    @Test
    void aTokenDueWithinTheCapIsWaitedForInPlace() {
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":1}}")));

        // timed from before the first call, which takes the chat's token before its request: timed from after it,
        // the wait would look shorter by the first request's round trip
        long started = System.nanoTime();
        assertThat(client.call("sendMessage", message("44")).join().ok()).isTrue();
        assertThat(client.call("sendMessage", message("44")).join().ok()).isTrue();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(900));
    }

    @Test
    void retryAfterIsReadFromParametersAndALongWaitIsRateLimited() {
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 35\",\"parameters\":{\"retry_after\":35}}")));

        SendOutcome first = client.call("sendMessage", message("-100")).join();
        SendOutcome again = client.call("sendMessage", message("-100")).join();

        assertThat(first.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(first.retryAfter()).isEqualTo(Duration.ofSeconds(35));
        assertThat(first.error()).isEqualTo("Too Many Requests: retry after 35");
        assertThat(again.errorCode()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThat(again.tries()).isZero();
        telegram.verify(1, postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage")));
    }

    @Test
    void a4xxIsPermanentWithTheDescription() {
        telegram.stubFor(post("/bot123:TEST/editMessageText").willReturn(aResponse().withStatus(400)
                .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: message is not modified\"}")));

        SendOutcome outcome = client.call("editMessageText", message("-100").put("message_id", "77")).join();

        assertThat(outcome.errorCode()).isEqualTo(TelegramErrors.TELEGRAM_ERROR);
        assertThat(outcome.httpStatus()).isEqualTo(400);
        assertThat(outcome.error()).isEqualTo("Bad Request: message is not modified");
    }

    @Test
    void a5xxIsRetryableWithAnHttpStatusTextWhenThereIsNoDescription() {
        telegram.stubFor(post("/bot123:TEST/sendPhoto").willReturn(aResponse().withStatus(503).withBody("down")));

        SendOutcome outcome = client.call("sendPhoto", message("-100")).join();

        assertThat(outcome.errorCode()).isEqualTo(TelegramErrors.TELEGRAM_5XX);
        assertThat(outcome.error()).isEqualTo("HTTP 503");
    }

    @Test
    void aTimeoutIsANetworkError() {
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(okJson("{\"ok\":true}").withFixedDelay(3_000)));

        assertThat(client("123:TEST", Duration.ofMillis(200)).call("sendMessage", message("-100")).join().errorCode()).isEqualTo(ErrorCode.NETWORK);
    }

    @Test
    void noTokenOrNoChatMakesNoRequest() {
        assertThat(client("").call("sendMessage", message("-100")).join().errorCode()).isEqualTo(ErrorCode.NO_TOKEN);
        assertThat(client.call("sendMessage", message("")).join().errorCode()).isEqualTo(ErrorCode.NO_TARGET);
        assertThat(telegram.getAllServeEvents()).isEmpty();
    }
}
