package dev.webhooker.maintenance;

import dev.webhooker.testsupport.LogCapture;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.discord.DiscordCommandTree;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestHttp;

@ExtendWith(OutputCaptureExtension.class)
class DiscordSyncTest {

    @RegisterExtension
    static WireMockExtension discord = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-06-01T12:00:00Z"), ZoneOffset.UTC);

    /** The embedded KV store (the kv_entries table) on one H2 database for the class, emptied per test. */
    private static JdbcTemplate kvTable;
    private static SqlKvStore kv;

    private final ObjectMapper mapper = new ObjectMapper();
    private String hash;
    private String payload;

    @BeforeAll
    static void kvStore() {
        var dataSource = TestDatabases.h2();
        kvTable = new JdbcTemplate(dataSource);
        kv = new SqlKvStore(dataSource, DatabaseUrl.Vendor.H2, CLOCK);
    }

    /** A stored entry as the sync left it: its value and the TTL it was given ({@code null}: no expiry). */
    record Entry(String value, Duration ttl) {
    }

    private static Entry entry(String key) {
        List<Entry> found = kvTable.query("SELECT value, expires_at FROM kv_entries WHERE key = ?", (rs, n) -> {
            long expiresAt = rs.getLong("expires_at");
            Duration ttl = rs.wasNull() ? null : Duration.ofMillis(expiresAt - CLOCK.millis());
            return new Entry(rs.getString("value"), ttl);
        }, key);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<String> keys() {
        return kvTable.queryForList("SELECT key FROM kv_entries", String.class);
    }

    @BeforeEach
    void stubs() throws Exception {
        kvTable.update("DELETE FROM kv_entries");
        hash = DiscordCommandTree.payloadHash(mapper);
        payload = mapper.writeValueAsString(DiscordCommandTree.payload());
        discord.stubFor(put(urlPathEqualTo("/api/v10/applications/555/commands")).willReturn(okJson("[]")));
        discord.stubFor(put(urlEqualTo("/api/v10/applications/555/guilds/11/commands")).willReturn(okJson("[]")));
        discord.stubFor(put(urlEqualTo("/api/v10/applications/555/guilds/22/commands")).willReturn(okJson("[]")));
        discord.stubFor(put(urlEqualTo("/api/v10/applications/555/guilds/33/commands"))
                .willReturn(aResponse().withStatus(403).withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"Missing Access\",\"code\":50001}")));
        discord.stubFor(get(urlPathEqualTo("/api/v10/users/@me/guilds"))
                .willReturn(okJson("[{\"id\":\"11\",\"name\":\"a\"},{\"id\":\"22\",\"name\":\"b\"}]")));
        discord.stubFor(get(urlEqualTo("/api/v10/oauth2/applications/@me")).willReturn(okJson("{\"id\":\"555\",\"name\":\"bot\"}")));
    }

    private DiscordSync sync(String token, String appId) {
        DiscordClient client = new DiscordClient(TestHttp.apis(), mapper,
                discord.baseUrl() + "/api/v10", token, new PlatformCallSettings(Duration.ofSeconds(5), Duration.ofSeconds(1), 3),
                new RateLimits(Clock.systemUTC()));
        return new DiscordSync(client, kv, mapper, appId);
    }

    @Test
    void withoutTokenItIsSkippedWithOneInfoLineAndNoCall() {
        try (LogCapture log = new LogCapture(DiscordSync.class)) {
            assertThat(sync("", null).run()).isEqualTo(DiscordSync.Result.SKIPPED);
            assertThat(log.lines()).containsExactly("INFO discord-sync skipped: DISCORD_TOKEN is not set");
        }
        assertThat(discord.getAllServeEvents()).isEmpty();
        assertThat(keys()).isEmpty();
    }

    @Test
    void looksUpTheApplicationIdOnceAndCachesItWithoutExpiry() {
        assertThat(sync("tok", null).run()).isEqualTo(DiscordSync.Result.OK);
        sync("tok", null).run();

        discord.verify(1, getRequestedFor(urlEqualTo("/api/v10/oauth2/applications/@me"))
                .withHeader("Authorization", equalTo("Bot tok")));
        assertThat(entry("config:discord-app-id")).isEqualTo(new Entry("555", null));
    }

    @Test
    void aConfiguredApplicationIdNeedsNoLookup() {
        sync("tok", "555").run();

        discord.verify(0, getRequestedFor(urlEqualTo("/api/v10/oauth2/applications/@me")));
        assertThat(keys()).doesNotContain("config:discord-app-id");
    }

    @Test
    void registersGloballyWithTheCommandTreeAndSetsTheOneDayMarker() {
        sync("tok", "555").run();

        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/commands"))
                .withHeader("Authorization", equalTo("Bot tok"))
                .withHeader("Content-Type", equalTo("application/json"))
                .withRequestBody(equalToJson(payload)));
        assertThat(entry("cmd:registered:global")).isEqualTo(new Entry(hash, Duration.ofDays(1)));
    }

    @Test
    void registersOnlyInGuildsWithoutACurrentMarker() {
        discord.stubFor(get(urlPathEqualTo("/api/v10/users/@me/guilds"))
                .willReturn(okJson("[{\"id\":\"11\"},{\"id\":\"22\"},{\"id\":\"33\"}]")));
        kv.put("cmd:guild:22", hash, null);
        kv.put("cmd:registered:global", hash, Duration.ofDays(1));

        DiscordSync.Result result = sync("tok", "555").run();

        discord.verify(0, putRequestedFor(urlEqualTo("/api/v10/applications/555/commands")));
        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/11/commands"))
                .withRequestBody(equalToJson(payload)));
        discord.verify(0, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/22/commands")));
        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/33/commands")));
        assertThat(entry("cmd:guild:11")).isEqualTo(new Entry(hash, null));
        assertThat(keys()).doesNotContain("cmd:guild:33");
        assertThat(result).isEqualTo(DiscordSync.Result.PARTIAL);
    }

    @Test
    void anOldMarkerFromAnotherCommandTreeIsRegisteredAgain() {
        kv.put("cmd:guild:11", "1", null);
        kv.put("cmd:guild:22", hash, null);
        kv.put("cmd:registered:global", "1", Duration.ofDays(1));

        sync("tok", "555").run();

        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/commands")));
        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/11/commands")));
        discord.verify(0, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/22/commands")));
        assertThat(kv.get("cmd:guild:11")).hasValue(hash);
    }

    @Test
    void aGuildListThatIsNotAnArrayIsAnErrorThatSaysSo(CapturedOutput output) {
        discord.stubFor(get(urlPathEqualTo("/api/v10/users/@me/guilds")).willReturn(okJson("{\"guilds\":[]}")));

        assertThat(sync("tok", "555").run()).isEqualTo(DiscordSync.Result.ERROR);
        assertThat(output).contains("listing guilds failed: HTTP 200 without a JSON array of guilds");
    }

    @Test
    void readsEveryPageOfGuilds() {
        String fullPage = IntStream.rangeClosed(1001, 1200).mapToObj(i -> "{\"id\":\"" + i + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
        discord.stubFor(get(urlEqualTo("/api/v10/users/@me/guilds?limit=200")).willReturn(okJson(fullPage)));
        discord.stubFor(get(urlEqualTo("/api/v10/users/@me/guilds?limit=200&after=1200")).willReturn(okJson("[{\"id\":\"11\"}]")));
        IntStream.rangeClosed(1001, 1200).forEach(i -> kv.put("cmd:guild:" + i, hash, null));

        sync("tok", "555").run();

        discord.verify(1, getRequestedFor(urlEqualTo("/api/v10/users/@me/guilds?limit=200&after=1200")));
        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/guilds/11/commands")));
    }

    @Test
    void theCommandTreeHasEnglishDefaultsAndTheOriginalChineseNamesAsLocalizations() {
        var tree = DiscordCommandTree.payload();
        assertThat(tree).hasSize(4);
        assertThat(tree.get(0).path("name").asText()).isEqualTo("gh");
        assertThat(tree.get(0).path("type").asInt()).isEqualTo(1);
        assertThat(tree.get(0).path("options").findValuesAsText("name"))
                .contains("login", "logout", "comment", "add", "edit", "del", "link");
        assertThat(tree.get(0).at("/options/2/options/0/options/0/required").asBoolean()).isTrue();
        assertThat(tree.get(0).at("/description_localizations/zh-CN").asText()).isNotBlank();
        assertThat(tree.get(1).path("type").asInt()).isEqualTo(3);
        assertThat(tree.get(1).at("/name_localizations/zh-CN").asText()).isEqualTo("GitHub: 添加评论");
        assertThat(tree.get(2).at("/name_localizations/zh-CN").asText()).isEqualTo("GitHub: 编辑评论");
        assertThat(tree.get(3).at("/name_localizations/zh-CN").asText()).isEqualTo("GitHub: 删除评论");
        assertThat(tree.get(3).path("name").asText()).isEqualTo("GitHub: Delete comment");
    }
}
