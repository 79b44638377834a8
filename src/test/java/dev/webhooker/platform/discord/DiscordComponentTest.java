package dev.webhooker.platform.discord;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.ResolveEndpointFailedException;
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
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.testsupport.TestHttp;

/** The {@code discord:} component alone, in a CamelContext of its own, against a fake Discord. */
class DiscordComponentTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static WireMockServer discord;

    @BeforeAll
    static void startDiscord() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        discord.start();
    }

    @AfterAll
    static void stopDiscord() {
        discord.stop();
    }

    CamelContext context;
    ProducerTemplate template;

    @AfterEach
    void stopCamel() {
        context.stop();
    }

    @BeforeEach
    void startCamel() {
        discord.resetAll();
        CamelContext camel = new DefaultCamelContext();
        PlatformCallSettings settings = new PlatformCallSettings(Duration.ofSeconds(2), Duration.ofSeconds(1), 3);
        camel.addComponent("discord", new DiscordComponent(new DiscordClient(TestHttp.apis(), JSON,
                discord.baseUrl(), "bot-token", settings, new RateLimits(Clock.systemUTC()))));
        camel.start();
        context = camel;
        template = camel.createProducerTemplate();
    }

    private SendOutcome send(String uri, DiscordRequest request) {
        return template.requestBody(uri, request, SendOutcome.class);
    }

    private static ObjectNode message() {
        return JSON.createObjectNode().put("content", "hello").put("nonce", "n-1").put("enforce_nonce", true);
    }

    @Test
    void createMessagePostsTheBodyAsGivenWithTheBotTokenAndAnswersWithTheMessageId() {
        discord.stubFor(post("/channels/111/messages").willReturn(okJson("{\"id\":\"9001\"}")));

        SendOutcome outcome = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("111", null, message()));

        assertThat(outcome.withCall(null)).isEqualTo(SendOutcome.success(200, "9001", 1));
        discord.verify(postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withHeader("Authorization", equalTo("Bot bot-token"))
                .withRequestBody(equalToJson("{\"content\":\"hello\",\"nonce\":\"n-1\",\"enforce_nonce\":true}")));
        // what the delivery view shows of it: the request without the bot's token, and the answer
        assertThat(outcome.call().method()).isEqualTo("POST");
        assertThat(outcome.call().url()).isEqualTo(discord.baseUrl() + "/channels/111/messages");
        assertThat(outcome.call().headers()).isEmpty();
        assertThat(outcome.call().body()).isEqualTo("{\"content\":\"hello\",\"nonce\":\"n-1\",\"enforce_nonce\":true}");
        assertThat(outcome.call().status()).isEqualTo(200);
        assertThat(outcome.call().answer()).isEqualTo("{\"id\":\"9001\"}");
        assertThat(outcome.call().toString()).doesNotContain("bot-token");
    }

    @Test
    void noThreadWaitsForDiscordsAnswerAndTheExchangeGoesOnWithTheCallersLoggingContext() throws Exception {
        discord.stubFor(post("/channels/111/messages").willReturn(okJson("{\"id\":\"9001\"}").withFixedDelay(2_000)));
        // a request timeout well beyond the answer's delay, so that a slow machine cannot turn the answer into a timeout
        context.addComponent("discord-patient", new DiscordComponent(new DiscordClient(TestHttp.apis(), JSON,
                discord.baseUrl(), "bot-token", new PlatformCallSettings(Duration.ofSeconds(30), Duration.ofSeconds(1), 3),
                new RateLimits(Clock.systemUTC()))));
        Endpoint endpoint = context.getEndpoint(DiscordRequest.CREATE_MESSAGE.replace("discord:", "discord-patient:"));
        AsyncProducer producer = (AsyncProducer) endpoint.createProducer();
        producer.start();
        Exchange exchange = endpoint.createExchange();
        exchange.getMessage().setBody(new DiscordRequest("111", null, message()));

        long started = System.nanoTime();
        AsyncProducerRun run = AsyncProducerRun.process(producer, exchange, "d-42");
        Duration returnedAfter = Duration.ofNanos(System.nanoTime() - started);
        boolean done = run.doneAtOnce();
        CompletableFuture<String> wentOn = run.wentOn();

        assertThat(done).as("the exchange goes on later").isFalse();
        assertThat(wentOn).as("the caller's thread is free before Discord answers").isNotDone();
        assertThat(returnedAfter).isLessThan(Duration.ofMillis(2_000));
        assertThat(wentOn.get(5, TimeUnit.SECONDS)).startsWith("d-42 on ").doesNotEndWith(" on " + Thread.currentThread().getName());
        assertThat(exchange.getMessage().getBody(SendOutcome.class).withCall(null)).isEqualTo(SendOutcome.success(200, "9001", 1));

        Exchange refused = endpoint.createExchange();
        refused.getMessage().setBody(new DiscordRequest("", null, message()));
        assertThat(producer.process(refused, doneSync -> { })).as("an answer in hand is given at once").isTrue();
        assertThat(refused.getMessage().getBody(SendOutcome.class).errorCode()).isEqualTo(ErrorCode.NO_TARGET);
        producer.stop();
    }

    @Test
    void editMessagePatchesTheMessage() {
        discord.stubFor(patch("/channels/111/messages/9001").willReturn(okJson("{\"id\":\"9001\"}")));

        SendOutcome outcome = send(DiscordRequest.EDIT_MESSAGE, new DiscordRequest("111", "9001", message()));

        assertThat(outcome.ok()).isTrue();
        discord.verify(1, patchRequestedFor(urlEqualTo("/channels/111/messages/9001")));
    }

    @Test
    void startThreadPostsTheNameOnTheMessageAndAnswersWithTheThreadsId() {
        discord.stubFor(post("/channels/111/messages/9001/threads").willReturn(okJson("{\"id\":\"9001\",\"type\":11}")));

        SendOutcome outcome = send(DiscordRequest.START_THREAD, new DiscordRequest("111", "9001",
                JsonNodeFactory.instance.objectNode().put("name", "#2 Update the README")));

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("9001");
        discord.verify(postRequestedFor(urlEqualTo("/channels/111/messages/9001/threads"))
                .withHeader("Authorization", equalTo("Bot bot-token"))
                .withRequestBody(equalToJson("{\"name\":\"#2 Update the README\"}")));
    }

    @Test
    void openThreadInAForumChannelOpensAPostWithTheMessageAndAnswersWithThePost() {
        discord.stubFor(get("/channels/333").willReturn(okJson("{\"id\":\"333\",\"type\":15,\"name\":\"reviews\"}")));
        discord.stubFor(post("/channels/333/threads").willReturn(okJson(
                "{\"id\":\"7001\",\"type\":11,\"parent_id\":\"333\",\"message\":{\"id\":\"7001\"}}")));

        SendOutcome outcome = send(DiscordRequest.OPEN_THREAD, new DiscordRequest("333", null, message(), "#2 Update the README"));

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("7001");
        assertThat(outcome.threadRoot()).isEqualTo("post:7001");
        assertThat(outcome.tries()).as("the channel asked, then the post").isEqualTo(2);
        discord.verify(getRequestedFor(urlEqualTo("/channels/333")).withHeader("Authorization", equalTo("Bot bot-token")));
        discord.verify(postRequestedFor(urlEqualTo("/channels/333/threads")).withRequestBody(equalToJson(
                "{\"name\":\"#2 Update the README\",\"message\":{\"content\":\"hello\"}}")));
        discord.verify(0, postRequestedFor(urlEqualTo("/channels/333/messages")));
    }

    @Test
    void openThreadInATextChannelPostsTheMessageForTheThreadToBeStartedOn() {
        discord.stubFor(get("/channels/111").willReturn(okJson("{\"id\":\"111\",\"type\":0}")));
        discord.stubFor(post("/channels/111/messages").willReturn(okJson("{\"id\":\"9001\"}")));

        SendOutcome outcome = send(DiscordRequest.OPEN_THREAD, new DiscordRequest("111", null, message(), "#2 Update the README"));

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("9001");
        assertThat(outcome.threadRoot()).isNull();
        discord.verify(postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(equalToJson("{\"content\":\"hello\",\"nonce\":\"n-1\",\"enforce_nonce\":true}")));
    }

    @Test
    void openThreadWhereTheChannelCannotBeReadIsThatAnswer() {
        discord.stubFor(get("/channels/444").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Unknown Channel\",\"code\":10003}")));
        discord.stubFor(get("/channels/555").willReturn(aResponse().withStatus(503)));

        SendOutcome unknown = send(DiscordRequest.OPEN_THREAD, new DiscordRequest("444", null, message(), "#2"));
        SendOutcome down = send(DiscordRequest.OPEN_THREAD, new DiscordRequest("555", null, message(), "#2"));

        assertThat(unknown.errorCode()).isEqualTo(DiscordErrors.DISCORD_ERROR);
        assertThat(unknown.error()).contains("Unknown Channel");
        assertThat(down.errorCode()).isEqualTo(DiscordErrors.DISCORD_5XX);
        assertThat(discord.findAll(postRequestedFor(anyUrl()))).isEmpty();
    }

    @Test
    void aRefusalIsAnOutcomeWithDiscordsTextNotAnException() {
        discord.stubFor(post("/channels/111/messages").willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Missing Access\",\"code\":50001}")));

        SendOutcome outcome = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("111", null, message()));

        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errorCode()).isEqualTo(DiscordErrors.DISCORD_ERROR);
        assertThat(outcome.httpStatus()).isEqualTo(403);
        assertThat(outcome.error()).contains("Missing Access");
    }

    @Test
    void aServerErrorAndATimeoutAreRetryableOutcomes() {
        discord.stubFor(post("/channels/111/messages").willReturn(aResponse().withStatus(502)));
        discord.stubFor(post("/channels/222/messages").willReturn(okJson("{\"id\":\"1\"}").withFixedDelay(3_000)));

        SendOutcome server = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("111", null, message()));
        SendOutcome slow = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("222", null, message()));

        assertThat(server.errorCode()).isEqualTo(DiscordErrors.DISCORD_5XX);
        assertThat(slow.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(slow.error()).contains("timed out");
        assertThat(server.errorCode().retryable()).isTrue();
        assertThat(slow.errorCode().retryable()).isTrue();
    }

    @Test
    void aLong429IsRateLimitedWithTheWaitAndBlocksTheChannelForTheNextCall() {
        discord.stubFor(post("/channels/111/messages").willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"slow down\",\"retry_after\":30,\"global\":false}")));

        SendOutcome first = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("111", null, message()));
        SendOutcome second = send(DiscordRequest.CREATE_MESSAGE, new DiscordRequest("111", null, message()));

        assertThat(first.rateLimited()).isTrue();
        assertThat(first.retryAfter()).isEqualTo(Duration.ofSeconds(30));
        assertThat(second.rateLimited()).as("no request while the bucket is blocked").isTrue();
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages")));
    }

    @Test
    void anEditWithoutAMessageIdIsAnInternalOutcome() {
        SendOutcome outcome = send(DiscordRequest.EDIT_MESSAGE, new DiscordRequest("111", null, message()));

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.INTERNAL);
        assertThat(discord.getAllServeEvents()).isEmpty();
    }

    @Test
    void anOperationDiscordDoesNotHaveIsRefusedWhenTheEndpointIsMade() {
        assertThatThrownBy(() -> context.getEndpoint("discord:deleteMessage"))
                .isInstanceOf(ResolveEndpointFailedException.class)
                .rootCause().hasMessageContaining("discord:deleteMessage is not an operation");
    }
}
