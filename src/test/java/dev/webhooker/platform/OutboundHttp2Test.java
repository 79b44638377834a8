package dev.webhooker.platform;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.client5.http.ssl.TrustAllStrategy;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.ssl.SSLContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The platforms' client over TLS against a fake API that offers HTTP/2, as Discord's, Telegram's, Slack's and
 * GitHub's do: the protocol is agreed on by ALPN, and the calls share one connection. The fake's certificate is its
 * own, so the client here trusts any; everything else is as {@link OutboundHttp#forApis} builds it.
 */
class OutboundHttp2Test {

    static WireMockServer api;
    OutboundHttp http;

    @BeforeAll
    static void startApi() throws Exception {
        api = new WireMockServer(options().httpDisabled(true).dynamicHttpsPort().bindAddress("127.0.0.1"));
        api.start();
    }

    @AfterAll
    static void stopApi() {
        api.stop();
    }

    /** One connection per host at most: over HTTP/1.1 the calls below would queue for it. */
    @BeforeEach
    void client() throws Exception {
        api.resetAll();
        TlsStrategy trustingTheFake = ClientTlsStrategyBuilder.create()
                .setSslContext(SSLContexts.custom().loadTrustMaterial(TrustAllStrategy.INSTANCE).build())
                .setHostnameVerifier(NoopHostnameVerifier.INSTANCE).buildAsync();
        http = new OutboundHttp("h2-test", Duration.ofSeconds(2), 1, 1, HttpVersionPolicy.NEGOTIATE, 4 * 1024 * 1024,
                trustingTheFake);
    }

    @AfterEach
    void close() {
        http.close();
    }

    private URI uri(String path) {
        return URI.create("https://127.0.0.1:" + api.httpsPort() + path);
    }

    @Test
    void aCallToAHostThatOffersHttp2IsMadeOverIt() throws Exception {
        api.stubFor(post("/bot/send").willReturn(okJson("{\"ok\":true}").withHeader("X-RateLimit-Remaining", "4")));

        OutboundHttp.Reply reply = http.send(OutboundHttp.Request.of("POST", uri("/bot/send"),
                Map.of("Authorization", "Bot t0ken", "Content-Type", "application/json"), "{\"text\":\"héllo\"}",
                Duration.ofSeconds(2))).get(5, TimeUnit.SECONDS);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"ok\":true}");
        assertThat(reply.header("X-RateLimit-Remaining")).hasValue("4");
        List<ServeEvent> served = api.getAllServeEvents();
        assertThat(served).singleElement().satisfies(e -> assertThat(e.getRequest().getProtocol()).isEqualTo("HTTP/2.0"));
        api.verify(postRequestedFor(urlEqualTo("/bot/send")).withHeader("Authorization", equalTo("Bot t0ken"))
                .withHeader("User-Agent", equalTo("webhooker"))
                .withRequestBody(equalTo("{\"text\":\"héllo\"}")));
    }

    @Test
    void callsInFlightTogetherShareTheOneConnectionInsteadOfWaitingForIt() throws Exception {
        api.stubFor(get("/slow").willReturn(okJson("{}").withFixedDelay(1_000)));
        api.stubFor(get("/fast").willReturn(okJson("{}")));
        // a new connection is shared once its first call has handed it back to the pool, which can be a moment after
        // that call's reply: calls that ask for one before then queue for it, as over HTTP/1.1
        http.call(OutboundHttp.Request.of("GET", uri("/fast"), Map.of(), null, Duration.ofSeconds(3)));
        await().atMost(Duration.ofSeconds(5)).until(() -> http.idleConnections() == 1);

        long started = System.nanoTime();
        List<CompletableFuture<OutboundHttp.Reply>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(http.send(OutboundHttp.Request.of("GET", uri("/slow"), Map.of(), null, Duration.ofSeconds(3))));
        }

        for (CompletableFuture<OutboundHttp.Reply> call : calls) {
            assertThat(call.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
        }
        // one after the other on one HTTP/1.1 connection they would take 20 s, and most would find no free connection
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void anErrorAnswerOverHttp2ComesBackWithItsBody() throws Exception {
        api.stubFor(post("/bot/send").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "2")
                .withBody("{\"retry_after\":2}")));

        OutboundHttp.Reply reply = http.call(OutboundHttp.Request.of("POST", uri("/bot/send"), Map.of(), "{}",
                Duration.ofSeconds(2)));

        assertThat(reply.status()).isEqualTo(429);
        assertThat(reply.header("retry-after")).hasValue("2");
        assertThat(reply.body()).isEqualTo("{\"retry_after\":2}");
    }
}
