package dev.webhooker.platform;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The platforms' HTTP client against a fake API on 127.0.0.1. */
class OutboundHttpTest {

    static WireMockServer api;
    OutboundHttp http;

    @BeforeAll
    static void startApi() {
        api = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        api.start();
    }

    @AfterAll
    static void stopApi() {
        api.stop();
    }

    @BeforeEach
    void client() {
        api.resetAll();
        http = OutboundHttp.forApis(Duration.ofSeconds(2));
    }

    @AfterEach
    void close() {
        http.close();
    }

    private URI uri(String path) {
        return URI.create(api.baseUrl() + path);
    }

    @Test
    void theClientStartsWithItsFirstCallNotBefore() throws Exception {
        api.stubFor(get("/me").willReturn(okJson("{}")));

        assertThat(http.isStarted()).isFalse();
        http.call(OutboundHttp.Request.of("GET", uri("/me"), Map.of(), null, Duration.ofSeconds(2)));

        assertThat(http.isStarted()).isTrue();
    }

    @Test
    void sendsTheHeadersAndBodyAndGivesTheStatusHeadersAndBodyBack() throws Exception {
        api.stubFor(post("/bot/send").willReturn(okJson("{\"ok\":true}").withHeader("X-RateLimit-Remaining", "4")));

        OutboundHttp.Reply reply = http.send(OutboundHttp.Request.of("POST", uri("/bot/send"),
                Map.of("Authorization", "Bot t0ken", "Content-Type", "application/json"), "{\"text\":\"héllo\"}",
                Duration.ofSeconds(2))).get(5, TimeUnit.SECONDS);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"ok\":true}");
        assertThat(reply.header("x-ratelimit-remaining")).hasValue("4");
        assertThat(reply.header("X-RateLimit-Remaining")).hasValue("4");
        api.verify(postRequestedFor(urlEqualTo("/bot/send")).withHeader("Authorization", equalTo("Bot t0ken"))
                .withHeader("User-Agent", equalTo("webhooker"))
                .withRequestBody(equalTo("{\"text\":\"héllo\"}")));
    }

    @Test
    void aCallWithoutABodySendsNone() throws Exception {
        api.stubFor(get("/channels/1").willReturn(okJson("{}")));

        http.call(OutboundHttp.Request.of("GET", uri("/channels/1"), Map.of(), null, Duration.ofSeconds(2)));

        api.verify(getRequestedFor(urlEqualTo("/channels/1")).withHeader("Content-Length", absent())
                .withHeader("Transfer-Encoding", absent()));
    }

    @Test
    void aRedirectIsGivenBackNotFollowed() throws Exception {
        api.stubFor(get("/moved").willReturn(aResponse().withStatus(302).withHeader("Location", "/elsewhere")));
        api.stubFor(get("/elsewhere").willReturn(ok()));

        OutboundHttp.Reply reply = http.call(OutboundHttp.Request.of("GET", uri("/moved"), Map.of(), null, Duration.ofSeconds(2)));

        assertThat(reply.status()).isEqualTo(302);
        assertThat(reply.header("Location")).hasValue("/elsewhere");
        api.verify(0, getRequestedFor(urlEqualTo("/elsewhere")));
    }

    @Test
    void anApisLongAnswerIsKeptWhole() throws Exception {
        String list = "[" + "\"x\",".repeat(50_000) + "\"y\"]";
        api.stubFor(get("/list").willReturn(okJson(list)));

        OutboundHttp.Reply reply = http.call(OutboundHttp.Request.of("GET", uri("/list"), Map.of(), null, Duration.ofSeconds(2)));

        assertThat(reply.body()).isEqualTo(list);
    }

    @Test
    void aSlowAnswerAndATrickledBodyBothTimeOut() {
        api.stubFor(get("/slow").willReturn(okJson("{}").withFixedDelay(3_000)));
        // the head at once, then 30 pieces over 6 s: each within the 1 s timeout, the whole body not
        api.stubFor(get("/trickle").willReturn(okJson("{\"x\":\"" + "y".repeat(300) + "\"}").withChunkedDribbleDelay(30, 6_000)));

        long started = System.nanoTime();
        assertThatThrownBy(() -> http.call(OutboundHttp.Request.of("GET", uri("/slow"), Map.of(), null, Duration.ofMillis(500))))
                .isInstanceOf(SocketTimeoutException.class);
        assertThatThrownBy(() -> http.call(OutboundHttp.Request.of("GET", uri("/trickle"), Map.of(), null, Duration.ofSeconds(1))))
                .isInstanceOf(SocketTimeoutException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aClosedClientRefusesCalls() {
        http.close();

        assertThatThrownBy(() -> http.send(OutboundHttp.Request.of("GET", uri("/me"), Map.of(), null, Duration.ofSeconds(1))))
                .isInstanceOf(IllegalStateException.class);
    }
}
