package dev.webhooker.platform.webhook;

import dev.webhooker.routing.WebhookSecret;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.AsyncProducerRun;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.RetryAfter;

/** {@code webhook:post} in a CamelContext of its own, against a fake receiver on 127.0.0.1 (allow-listed here). */
class WebhookComponentTest {

    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    static WireMockServer receiver;
    CamelContext context;
    ProducerTemplate template;
    final List<EndpointPoster> posters = new ArrayList<>();

    @BeforeAll
    static void startReceiver() {
        receiver = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        receiver.start();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.stop();
    }

    @BeforeEach
    void startCamel() {
        receiver.resetAll();
        context = new DefaultCamelContext();
        context.addComponent("webhook", component("127.0.0.1", InetAddress::getAllByName));
        context.addComponent("webhook-guarded", component(null, InetAddress::getAllByName));
        // a name no DNS knows, which only this guard's resolver turns into the receiver's address
        context.addComponent("webhook-pinned", component("127.0.0.1",
                host -> new InetAddress[] {InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1})}));
        context.start();
        template = context.createProducerTemplate();
    }

    @AfterEach
    void stopCamel() {
        context.stop();
        for (EndpointPoster poster : posters) {
            poster.close();
        }
    }

    private WebhookComponent component(String allow, TargetAddressGuard.Resolver resolver) {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        EndpointPoster poster = new EndpointPoster(TargetAddressGuard.allowing(allow, resolver),
                new PlatformCallSettings(Duration.ofSeconds(2), Duration.ofSeconds(1), 1), Duration.ofSeconds(2),
                new dev.webhooker.platform.limits.RateLimits(clock), clock);
        posters.add(poster);
        return new WebhookComponent(poster, clock);
    }

    private WebhookRequest request(String path, Map<String, String> headers) {
        return new WebhookRequest(URI.create(receiver.baseUrl() + path), "github:g1:d-1", "{\"action\":\"opened\"}",
                List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), headers, null);
    }

    private SendOutcome send(String uri, WebhookRequest request) {
        return template.requestBody(uri, request, SendOutcome.class);
    }

    @Test
    void postsTheEventSignedAsStandardWebhooksWithTheStaticHeaders() {
        receiver.stubFor(post("/in").willReturn(ok()));

        SendOutcome outcome = send("webhook:post", request("/in", Map.of("X-Team", "core", "webhook-id", "forged")));

        assertThat(outcome.withCall(null)).isEqualTo(SendOutcome.success(200, null, 1));
        LoggedRequest sent = receiver.findAll(postRequestedFor(urlEqualTo("/in"))).get(0);
        // the delivery view: the URL as its scheme and host, a static header's value withheld, the signature shown
        assertThat(outcome.call().url()).isEqualTo(receiver.baseUrl() + "/…");
        assertThat(outcome.call().headers()).containsEntry("X-Team", "(withheld)")
                .containsEntry("webhook-signature", sent.getHeader("webhook-signature"));
        assertThat(outcome.call().body()).isEqualTo("{\"action\":\"opened\"}");
        assertThat(sent.getHeader("webhook-id")).as("a static header never replaces a signed one").isEqualTo("github:g1:d-1");
        assertThat(sent.getHeader("webhook-timestamp")).isEqualTo(String.valueOf(NOW.getEpochSecond()));
        assertThat(sent.getHeader("X-Team")).isEqualTo("core");
        assertThat(sent.getHeader("Content-Type")).startsWith("application/json");
        String expected = WebhookSignature.sign(List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), "github:g1:d-1",
                NOW.getEpochSecond(), sent.getBody());
        assertThat(sent.getHeader("webhook-signature")).isEqualTo(expected);
        assertThat(new String(sent.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"action\":\"opened\"}");
    }

    @Test
    void everyClassOfAnswerIsClassifiedForTheRetryRules() {
        receiver.stubFor(post("/gone").willReturn(aResponse().withStatus(410)));
        receiver.stubFor(post("/bad").willReturn(aResponse().withStatus(400).withBody("missing field")));
        receiver.stubFor(post("/down").willReturn(aResponse().withStatus(502)));
        receiver.stubFor(post("/moved").willReturn(aResponse().withStatus(302).withHeader("Location", "http://10.0.0.1/")));
        receiver.stubFor(post("/busy").willReturn(aResponse().withStatus(429)));

        SendOutcome gone = send("webhook:post", request("/gone", Map.of()));
        SendOutcome bad = send("webhook:post", request("/bad", Map.of()));
        SendOutcome down = send("webhook:post", request("/down", Map.of()));
        SendOutcome moved = send("webhook:post", request("/moved", Map.of()));
        SendOutcome busy = send("webhook:post", request("/busy", Map.of()));

        assertThat(gone.errorCode()).isEqualTo(WebhookErrors.WEBHOOK_GONE);
        assertThat(bad.errorCode()).isEqualTo(WebhookErrors.WEBHOOK_ERROR);
        assertThat(bad.error()).isEqualTo("HTTP 400: missing field");
        assertThat(down.errorCode()).isEqualTo(WebhookErrors.WEBHOOK_5XX);
        assertThat(moved.errorCode()).isEqualTo(WebhookErrors.WEBHOOK_ERROR);
        assertThat(moved.error()).contains("redirects are not followed");
        assertThat(busy.errorCode()).as("429 without Retry-After: retried on the schedule").isEqualTo(ErrorCode.RETRIES);
        assertThat(List.of(gone, bad, moved)).allSatisfy(o -> assertThat(o.errorCode().retryable()).isFalse());
        assertThat(List.of(down, busy)).allSatisfy(o -> assertThat(o.errorCode().retryable()).isTrue());
        receiver.verify(1, postRequestedFor(urlEqualTo("/moved")));
    }

    @Test
    void retryAfterIsHonouredInSecondsOrAsADateAndCapped() {
        receiver.stubFor(post("/slow").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "120")));
        receiver.stubFor(post("/maintenance").willReturn(aResponse().withStatus(503)
                .withHeader("Retry-After", DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(300).atZone(ZoneOffset.UTC)))));
        receiver.stubFor(post("/forever").willReturn(aResponse().withStatus(503).withHeader("Retry-After", "31536000")));

        SendOutcome slow = send("webhook:post", request("/slow", Map.of()));
        SendOutcome maintenance = send("webhook:post", request("/maintenance", Map.of()));
        SendOutcome forever = send("webhook:post", request("/forever", Map.of()));

        assertThat(slow.rateLimited()).isTrue();
        assertThat(slow.retryAfter()).isEqualTo(Duration.ofSeconds(120));
        assertThat(maintenance.retryAfter()).isEqualTo(Duration.ofSeconds(300));
        assertThat(forever.retryAfter()).isEqualTo(RetryAfter.MAX);
    }

    @Test
    void aSlowOrAbsentReceiverIsARetryableNetworkErrorThatDoesNotQuoteTheUrl() {
        receiver.stubFor(post(urlPathEqualTo("/slow")).willReturn(ok().withFixedDelay(3_000)));

        SendOutcome slow = send("webhook:post", new WebhookRequest(URI.create(receiver.baseUrl() + "/slow?token=s3cr3t"), "d-1",
                "{}", List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), Duration.ofMillis(500)));
        SendOutcome absent = send("webhook:post", new WebhookRequest(URI.create("http://127.0.0.1:1/in?token=s3cr3t"), "d-1",
                "{}", List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), null));

        assertThat(slow.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(slow.error()).contains("timed out");
        assertThat(absent.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(List.of(slow.error(), absent.error())).noneSatisfy(e -> assertThat(e).contains("s3cr3t"));
    }

    @Test
    void withoutTheAllowListTheLoopbackReceiverIsNeverCalled() {
        receiver.stubFor(post("/in").willReturn(ok()));

        SendOutcome outcome = send("webhook-guarded:post", request("/in", Map.of()));

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.TARGET_BLOCKED);
        assertThat(outcome.error()).contains("127.0.0.1");
        assertThat(receiver.getAllServeEvents()).isEmpty();
    }

    @Test
    void theConnectionGoesToTheAddressTheGuardCheckedAndTheHostNameStaysTheRequests() {
        receiver.stubFor(post("/in").willReturn(ok()));
        URI url = URI.create("http://hooks.webhooker.invalid:" + receiver.port() + "/in");

        SendOutcome outcome = send("webhook-pinned:post", new WebhookRequest(url, "d-1", "{}",
                List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), null));

        assertThat(outcome.ok()).as(outcome.error()).isTrue();
        assertThat(receiver.findAll(postRequestedFor(urlEqualTo("/in"))).get(0).getHeader("Host"))
                .isEqualTo("hooks.webhooker.invalid:" + receiver.port());
    }

    @Test
    void noThreadWaitsForTheReceiversAnswerAndTheExchangeGoesOnWithTheCallersLoggingContext() throws Exception {
        receiver.stubFor(post("/late").willReturn(ok().withFixedDelay(2_000)));
        Endpoint endpoint = context.getEndpoint("webhook:post");
        AsyncProducer producer = (AsyncProducer) endpoint.createProducer();
        producer.start();
        Exchange exchange = endpoint.createExchange();
        // a timeout well beyond the answer's delay, so that a slow machine cannot turn the answer into a timeout
        exchange.getMessage().setBody(new WebhookRequest(URI.create(receiver.baseUrl() + "/late"), "d-1", "{}",
                List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), Duration.ofSeconds(30)));

        AsyncProducerRun run = AsyncProducerRun.process(producer, exchange, "d-42");
        boolean done = run.doneAtOnce();
        CompletableFuture<String> wentOn = run.wentOn();

        assertThat(done).as("the exchange goes on later").isFalse();
        assertThat(wentOn).as("the caller's thread is free before the receiver answers").isNotDone();
        assertThat(wentOn.get(10, TimeUnit.SECONDS)).startsWith("d-42 on ").doesNotEndWith(" on " + Thread.currentThread().getName());
        assertThat(exchange.getMessage().getBody(SendOutcome.class).withCall(null)).isEqualTo(SendOutcome.success(200, null, 1));

        Exchange refused = endpoint.createExchange();
        refused.getMessage().setBody(new WebhookRequest(URI.create("ftp://127.0.0.1/in"), "d-2", "{}",
                List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), null));
        assertThat(producer.process(refused, doneSync -> { })).as("an answer in hand is given at once").isTrue();
        assertThat(refused.getMessage().getBody(SendOutcome.class).errorCode()).isEqualTo(ErrorCode.TARGET_BLOCKED);
        producer.stop();
    }

    @Test
    void aLongAnswerIsReadToItsEndButOnlyItsStartIsKeptAndTheNextPostGoesThrough() {
        String page = "x".repeat(1_000_000);
        receiver.stubFor(post("/big").willReturn(aResponse().withStatus(400).withBody(page)));
        receiver.stubFor(post("/in").willReturn(ok()));

        SendOutcome big = send("webhook:post", request("/big", Map.of()));
        SendOutcome next = send("webhook:post", request("/in", Map.of()));

        assertThat(big.errorCode()).isEqualTo(WebhookErrors.WEBHOOK_ERROR);
        assertThat(big.call().answer()).hasSizeLessThanOrEqualTo(dev.webhooker.platform.OutboundHttp.TARGET_KEPT_CHARS).startsWith("xxxx");
        assertThat(next.ok()).isTrue();
    }

    @Test
    void aPostWaitingForOneOfTheHostsConnectionsWaitsNoLongerThanItsTimeoutAndIsPutOffNotFailed() throws Exception {
        receiver.stubFor(post("/hold").willReturn(ok().withFixedDelay(4_000)));
        receiver.stubFor(post("/in").willReturn(ok()));
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        EndpointPoster poster = new EndpointPoster(TargetAddressGuard.allowing("127.0.0.1", InetAddress::getAllByName),
                new PlatformCallSettings(Duration.ofSeconds(2), Duration.ofSeconds(1), 1), Duration.ofMillis(500),
                new dev.webhooker.platform.limits.RateLimits(clock), clock);
        posters.add(poster);
        // the host's eight connections, each held for 4 s by a receiver that takes that long to answer
        List<CompletableFuture<EndpointPoster.Result>> holding = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            holding.add(poster.post("webhook", URI.create(receiver.baseUrl() + "/hold"), Map.of(), "{}", Duration.ofSeconds(30)));
        }
        Thread.sleep(500);

        long started = System.nanoTime();
        EndpointPoster.Result waiting = poster.post("webhook", URI.create(receiver.baseUrl() + "/in"), Map.of(), "{}",
                Duration.ofMillis(500)).get(10, TimeUnit.SECONDS);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        // a wait that uses up no retry and does not count against the endpoint: the host's other posts held it up
        assertThat(waiting.failure()).as("no connection was free within the post's timeout")
                .isEqualTo(SendOutcome.rateLimited(Duration.ofMillis(500), null,
                        "webhook target busy: no free connection to its host within PT0.5S", 0));
        assertThat(waiting.call()).as("nothing was posted").isNull();
        assertThat(took).isLessThan(Duration.ofSeconds(3));
        for (CompletableFuture<EndpointPoster.Result> held : holding) {
            assertThat(held.get(10, TimeUnit.SECONDS).answer().status()).isEqualTo(200);
        }
    }

    @Test
    void aReceiverThatTricklesItsBodyTimesOutOnTheWholeBodyNotOnEachRead() {
        // the head at once, then 30 pieces over 6 s: each read comes well within the 1 s timeout, the whole body does not
        receiver.stubFor(post("/trickle").willReturn(ok().withBody("y".repeat(300)).withChunkedDribbleDelay(30, 6_000)));

        long started = System.nanoTime();
        SendOutcome outcome = send("webhook:post", new WebhookRequest(URI.create(receiver.baseUrl() + "/trickle"), "d-1", "{}",
                List.of(WebhookSecret.parse(WebhookSignatureTest.SPEC_SECRET)), Map.of(), Duration.ofSeconds(1)));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(outcome.error()).isEqualTo("webhook target timed out after PT1S");
        assertThat(took).isLessThan(Duration.ofSeconds(5));
    }
}
