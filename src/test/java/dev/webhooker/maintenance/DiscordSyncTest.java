package dev.webhooker.maintenance;

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

import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.webhooker.platform.discord.DiscordCommandTree;

class DiscordSyncTest {

    @RegisterExtension
    static WireMockExtension discord = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private final ObjectMapper mapper = new ObjectMapper();
    private final FakeKvStore kv = new FakeKvStore();
    private String hash;
    private String payload;

    @BeforeEach
    void stubs() throws Exception {
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
        return new DiscordSync(kv, mapper, token, appId, discord.baseUrl() + "/api/v10",
                Duration.ofSeconds(2), Duration.ofSeconds(5));
    }

    @Test
    void withoutTokenItIsSkippedWithOneInfoLineAndNoCall() {
        try (LogCapture log = new LogCapture(DiscordSync.class)) {
            assertThat(sync("", null).run()).isEqualTo(DiscordSync.Result.SKIPPED);
            assertThat(log.lines()).containsExactly("INFO discord-sync skipped: DISCORD_TOKEN is not set");
        }
        assertThat(discord.getAllServeEvents()).isEmpty();
        assertThat(kv.entries).isEmpty();
    }

    @Test
    void looksUpTheApplicationIdOnceAndCachesItWithoutExpiry() {
        assertThat(sync("tok", null).run()).isEqualTo(DiscordSync.Result.OK);
        sync("tok", null).run();

        discord.verify(1, getRequestedFor(urlEqualTo("/api/v10/oauth2/applications/@me"))
                .withHeader("Authorization", equalTo("Bot tok")));
        assertThat(kv.entries.get("config:discord-app-id")).isEqualTo(new FakeKvStore.Entry("555", null));
    }

    @Test
    void aConfiguredApplicationIdNeedsNoLookup() {
        sync("tok", "555").run();

        discord.verify(0, getRequestedFor(urlEqualTo("/api/v10/oauth2/applications/@me")));
        assertThat(kv.entries).doesNotContainKey("config:discord-app-id");
    }

    @Test
    void registersGloballyWithTheCommandTreeAndSetsTheOneDayMarker() {
        sync("tok", "555").run();

        discord.verify(1, putRequestedFor(urlEqualTo("/api/v10/applications/555/commands"))
                .withHeader("Authorization", equalTo("Bot tok"))
                .withHeader("Content-Type", equalTo("application/json"))
                .withRequestBody(equalToJson(payload)));
        assertThat(kv.entries.get("cmd:registered:global")).isEqualTo(new FakeKvStore.Entry(hash, Duration.ofDays(1)));
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
        assertThat(kv.entries.get("cmd:guild:11")).isEqualTo(new FakeKvStore.Entry(hash, null));
        assertThat(kv.entries).doesNotContainKey("cmd:guild:33");
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
