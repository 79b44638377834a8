package dev.webhooker.chat;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.chat.discord.DiscordKeys;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/**
 * One booted application (embedded stores) for the chat and actions tests, with a fake GitHub (OAuth and
 * REST), a fake Discord and a fake Telegram. BASE_URL is this service's real address, so the links the bot
 * hands out are followed as a browser would. Subclasses share the context.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
public abstract class ChatApp {

    public static final FakeGithub FAKE_GITHUB = new FakeGithub();
    public static final WireMockServer GITHUB = FAKE_GITHUB.server();
    public static final WireMockServer DISCORD = started();
    public static final WireMockServer TELEGRAM = started();
    public static final DiscordKeys DISCORD_KEYS = new DiscordKeys();
    public static final String TELEGRAM_SECRET = "tg-secret-token";
    public static final String TELEGRAM_TOKEN = "123:ABC";
    public static final int PORT = freePort();
    public static final String BASE_URL = "http://localhost:" + PORT;
    /** Writes per minute per user: reachable by one test, above what any one user does across these tests. */
    public static final int ACTIONS_PER_MINUTE = 30;

    @DynamicPropertySource
    static void chatProperties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "chat");
        FAKE_GITHUB.properties(registry);
        registry.add("server.port", () -> PORT);
        registry.add("management.server.port", () -> 0);
        registry.add("webhooker.base-url", () -> BASE_URL);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.github.actions-rate-limit", () -> ACTIONS_PER_MINUTE);
        registry.add("webhooker.platforms.discord-token", () -> "discord-bot-token");
        registry.add("webhooker.platforms.discord-public-key", DISCORD_KEYS::publicKeyHex);
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.telegram-token", () -> TELEGRAM_TOKEN);
        registry.add("webhooker.platforms.telegram-webhook-secret", () -> TELEGRAM_SECRET);
        registry.add("webhooker.platforms.telegram-api-url", TELEGRAM::baseUrl);
    }

    @Autowired
    protected JdbcTemplate jdbc;

    @Autowired
    protected ConfigRepository repository;

    @Autowired
    protected ConfigSnapshots snapshots;

    @BeforeEach
    void resetFakes() {
        GITHUB.resetAll();
        DISCORD.resetAll();
        TELEGRAM.resetAll();
        GITHUB.stubFor(delete(urlPathEqualTo("/applications/" + FakeGithub.CLIENT_ID + "/token")).willReturn(aResponse().withStatus(204)));
        DISCORD.stubFor(any(anyUrl()).willReturn(okJson("{\"id\":\"1\"}")));
        TELEGRAM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":1}}")));
        jdbc.update("DELETE FROM discord_links");
        jdbc.update("DELETE FROM telegram_links");
        jdbc.update("DELETE FROM audit_logs");
        jdbc.update("DELETE FROM chat_claims");
        jdbc.update("DELETE FROM kv_entries WHERE key LIKE 'config:telegram-bot%'");
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(),
                List.of(), null, true, List.of(new Group.ForgeSource("git.example.org", "gitea", "Example Gitea")), null, null, false)),
                List.of());
        snapshots.refresh();
    }

    protected static Browser browser() {
        return new Browser(PORT);
    }

    /**
     * Follows a link the bot handed out, as its user would: sign in with GitHub as {@code code}'s user, read
     * the confirmation page; returns it.
     */
    protected static HttpResponse<String> openLink(Browser browser, String url, String code) {
        String path = URI.create(url).getRawPath() + "?" + URI.create(url).getRawQuery();
        HttpResponse<String> start = browser.get(path);
        assertThat(start.statusCode()).as(start.body()).isEqualTo(302);
        String state = FakeGithub.query(start.headers().firstValue("Location").orElseThrow()).get("state");
        return browser.get("/auth/github/callback?code=" + code + "&state=" + state);
    }

    /** Presses the confirmation page's button. */
    protected static HttpResponse<String> confirm(Browser browser, HttpResponse<String> page) {
        Matcher confirmation = Pattern.compile("name=\"confirmation\" value=\"([0-9a-f]{32})\"").matcher(page.body());
        assertThat(confirmation.find()).as(page.body()).isTrue();
        return browser.post("/auth/link/confirm", "confirmation=" + confirmation.group(1), browser.origin());
    }

    /** The first http(s) address in a text. */
    protected static String url(String text) {
        Matcher m = Pattern.compile("https?://\\S+").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return m.group();
    }

    private static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
