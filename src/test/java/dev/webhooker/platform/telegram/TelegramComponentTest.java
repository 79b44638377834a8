package dev.webhooker.platform.telegram;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.CamelContext;
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
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.testsupport.TestHttp;

/** The {@code telegram:} component alone, in a CamelContext of its own, against a fake Bot API. */
class TelegramComponentTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String TOKEN = "123:SECRET-TOKEN";
    static WireMockServer telegram;
    static int closedPort;

    @BeforeAll
    static void startTelegram() throws Exception {
        telegram = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        telegram.start();
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterAll
    static void stopTelegram() {
        telegram.stop();
    }

    CamelContext context;
    ProducerTemplate template;

    @AfterEach
    void stopCamel() {
        context.stop();
    }

    @BeforeEach
    void startCamel() {
        telegram.resetAll();
        CamelContext camel = new DefaultCamelContext();
        camel.addComponent("telegram", component(telegram.baseUrl()));
        camel.addComponent("telegram-down", component("http://127.0.0.1:" + closedPort));
        camel.start();
        context = camel;
        template = camel.createProducerTemplate();
    }

    private static TelegramComponent component(String baseUrl) {
        return new TelegramComponent(new TelegramClient(TestHttp.apis(), JSON, baseUrl, TOKEN,
                new PlatformCallSettings(Duration.ofSeconds(2), Duration.ofSeconds(1), 3), new RateLimits(Clock.systemUTC())));
    }

    private SendOutcome call(String uri, ObjectNode parameters) {
        return template.requestBody(uri, parameters, SendOutcome.class);
    }

    private static ObjectNode text(String chat) {
        return JSON.createObjectNode().put("chat_id", chat).put("text", "<b>hi</b>").put("parse_mode", "HTML")
                .put("message_thread_id", 7);
    }

    @Test
    void theEndpointNamesTheMethodAndTheBodyIsItsParameters() {
        telegram.stubFor(post("/bot" + TOKEN + "/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));

        SendOutcome outcome = call("telegram:sendMessage", text("-100"));

        assertThat(outcome.withCall(null)).isEqualTo(SendOutcome.success(200, "77", 1));
        assertThat(outcome.call().url()).as("the URL holds the bot's token: the record does not")
                .isEqualTo(telegram.baseUrl() + "/bot…/sendMessage");
        assertThat(outcome.call().toString()).doesNotContain(TOKEN);
        assertThat(outcome.call().status()).isEqualTo(200);
        telegram.verify(postRequestedFor(urlEqualTo("/bot" + TOKEN + "/sendMessage")).withRequestBody(equalToJson(
                "{\"chat_id\":\"-100\",\"text\":\"<b>hi</b>\",\"parse_mode\":\"HTML\",\"message_thread_id\":7}")));
    }

    private SendOutcome openThread(String chat) {
        return template.requestBody(TelegramThreadOpening.ENDPOINT, new TelegramThreadOpening("sendMessage",
                JSON.createObjectNode().put("chat_id", chat).put("text", "<b>hi</b>").put("parse_mode", "HTML"),
                "#2 Update the README"), SendOutcome.class);
    }

    private void chat(String id, boolean forum) {
        telegram.stubFor(post("/bot" + TOKEN + "/getChat").withRequestBody(matchingJsonPath("$.chat_id", equalTo(id)))
                .willReturn(okJson("{\"ok\":true,\"result\":{\"id\":" + id + ",\"type\":\"supergroup\",\"is_forum\":"
                        + forum + "}}")));
    }

    @Test
    void openThreadInAForumCreatesATopicAndSendsTheMessageThere() {
        chat("-200", true);
        telegram.stubFor(post("/bot" + TOKEN + "/createForumTopic").willReturn(okJson(
                "{\"ok\":true,\"result\":{\"message_thread_id\":42,\"name\":\"#2 Update the README\",\"icon_color\":7322096}}")));
        telegram.stubFor(post("/bot" + TOKEN + "/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":90}}")));

        SendOutcome outcome = openThread("-200");

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("90");
        assertThat(outcome.threadRoot()).isEqualTo("topic:42");
        assertThat(outcome.tries()).isEqualTo(3);
        telegram.verify(postRequestedFor(urlEqualTo("/bot" + TOKEN + "/createForumTopic"))
                .withRequestBody(equalToJson("{\"chat_id\":\"-200\",\"name\":\"#2 Update the README\"}")));
        telegram.verify(postRequestedFor(urlEqualTo("/bot" + TOKEN + "/sendMessage")).withRequestBody(equalToJson(
                "{\"chat_id\":\"-200\",\"text\":\"<b>hi</b>\",\"parse_mode\":\"HTML\",\"message_thread_id\":42}")));
    }

    @Test
    void openThreadInAChatThatIsNoForumSendsTheMessageAsItIs() {
        chat("-300", false);
        telegram.stubFor(post("/bot" + TOKEN + "/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":91}}")));

        SendOutcome outcome = openThread("-300");

        assertThat(outcome.messageId()).isEqualTo("91");
        assertThat(outcome.threadRoot()).isNull();
        telegram.verify(0, postRequestedFor(urlEqualTo("/bot" + TOKEN + "/createForumTopic")));
        telegram.verify(postRequestedFor(urlEqualTo("/bot" + TOKEN + "/sendMessage")).withRequestBody(equalToJson(
                "{\"chat_id\":\"-300\",\"text\":\"<b>hi</b>\",\"parse_mode\":\"HTML\"}")));
    }

    @Test
    void aForumThatRefusesTheBotATopicGetsTheMessageInTheChat() {
        chat("-400", true);
        telegram.stubFor(post("/bot" + TOKEN + "/createForumTopic").willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: not enough rights to create a topic\"}")));
        telegram.stubFor(post("/bot" + TOKEN + "/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":92}}")));

        SendOutcome outcome = openThread("-400");

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.messageId()).isEqualTo("92");
        assertThat(outcome.threadRoot()).as("the replies to the message are the thread").isNull();
        telegram.verify(postRequestedFor(urlEqualTo("/bot" + TOKEN + "/sendMessage")).withRequestBody(equalToJson(
                "{\"chat_id\":\"-400\",\"text\":\"<b>hi</b>\",\"parse_mode\":\"HTML\"}")));
    }

    @Test
    void aTopicThatCouldNotBeCreatedForNowIsTheAnswerAndNoMessageIsSent() {
        chat("-500", true);
        telegram.stubFor(post("/bot" + TOKEN + "/createForumTopic").willReturn(aResponse().withStatus(502)));

        SendOutcome outcome = openThread("-500");

        assertThat(outcome.errorCode()).isEqualTo(TelegramErrors.TELEGRAM_5XX);
        assertThat(outcome.tries()).isEqualTo(2);
        telegram.verify(0, postRequestedFor(urlEqualTo("/bot" + TOKEN + "/sendMessage")));
    }

    @Test
    void aRefusalIsAnOutcomeWithTelegramsDescription() {
        telegram.stubFor(post("/bot" + TOKEN + "/editMessageText").willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: message to edit not found\"}")));

        SendOutcome outcome = call("telegram:editMessageText", text("-100").put("message_id", 5));

        assertThat(outcome.errorCode()).isEqualTo(TelegramErrors.TELEGRAM_ERROR);
        assertThat(outcome.httpStatus()).isEqualTo(400);
        assertThat(outcome.error()).isEqualTo("Bad Request: message to edit not found");
    }

    @Test
    void a429CarriesTheWaitTelegramAskedFor() {
        telegram.stubFor(post("/bot" + TOKEN + "/sendMessage").willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 40\","
                        + "\"parameters\":{\"retry_after\":40}}")));

        SendOutcome outcome = call("telegram:sendMessage", text("-100"));

        assertThat(outcome.rateLimited()).isTrue();
        assertThat(outcome.retryAfter()).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void anUnreachableTelegramIsANetworkOutcomeThatDoesNotShowTheToken() {
        SendOutcome outcome = call("telegram-down:sendMessage", text("-100"));

        assertThat(outcome.errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(outcome.error()).doesNotContain("SECRET-TOKEN");
    }

    @Test
    void somethingThatIsNotAMethodNameIsRefusedWhenTheEndpointIsMade() {
        assertThatThrownBy(() -> context.getEndpoint("telegram:send/../getUpdates"))
                .isInstanceOf(ResolveEndpointFailedException.class)
                .rootCause().hasMessageContaining("does not name a Bot API method");
    }
}
