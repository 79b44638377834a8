package dev.webhooker.dryrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordMessage;
import dev.webhooker.platform.telegram.TelegramMessage;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.platform.telegram.TelegramTarget;

class DryRunTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-08-02T21:26:04Z"), ZoneOffset.UTC);
    private static final String DISCORD_CHANNEL = "111111111111111111";
    private static final String TELEGRAM_CHAT = "-1001234567890";

    /** Two routes: pushes to main (Discord + Telegram) fire for the push fixture, releases do not. */
    private static final String TWO_ROUTES = """
            groups:
              - id: team
                name: Team
                members: []
            routes:
              - id: main-pushes
                name: Pushes to main
                enabled: true
                groupId: team
                filters:
                  - type: event
                    match: push
                  - type: branch
                    match: main
                targets:
                  - platform: discord
                    channelId: "%s"
                  - platform: telegram
                    chatId: "%s"
              - id: releases
                name: Releases
                enabled: true
                groupId: team
                filters:
                  - type: event
                    match: release
                targets:
                  - channelId: "222222222222222222"
            """.formatted(DISCORD_CHANNEL, TELEGRAM_CHAT);

    private final ObjectMapper json = new ObjectMapper();
    private ConfigSnapshot inForce = ConfigSnapshot.empty();
    private final DryRun dryRun = OfflineDryRun.over(() -> inForce, 0, CLOCK);

    private static byte[] fixture(String path) throws IOException {
        return Files.readAllBytes(Fixtures.root().resolve(path));
    }

    private static Map<String, String> github(String event) {
        return Map.of("x-github-event", event, "X-GitHub-Delivery", "d-1", "Content-Type", "application/json");
    }

    private static DryRunResult.Preview preview(DryRunResult result) {
        assertThat(result).isInstanceOf(DryRunResult.Preview.class);
        return (DryRunResult.Preview) result;
    }

    private static DryRunResult.Refused refused(DryRunResult result) {
        assertThat(result).isInstanceOf(DryRunResult.Refused.class);
        return (DryRunResult.Refused) result;
    }

    @Test
    void githubPushFiresOnlyTheMatchingRouteWithADiscordEmbedAndTelegramHtml() throws IOException {
        DryRunResult.Preview preview = preview(dryRun.run(fixture("github/push/commits.json"), github("push"), null, TWO_ROUTES));

        assertThat(preview.provider()).isEqualTo("github");
        assertThat(preview.event()).isEqualTo("push");
        assertThat(preview.deliveryId()).isEqualTo("d-1");
        assertThat(preview.routes()).extracting(DryRunResult.FiredRoute::id, DryRunResult.FiredRoute::groupId,
                DryRunResult.FiredRoute::name).containsExactly(org.assertj.core.groups.Tuple.tuple("main-pushes", "team", "Pushes to main"));

        DryRunResult.FiredRoute route = preview.routes().get(0);
        assertThat(route.message().formatError()).isFalse();
        assertThat(route.message().message().title()).startsWith("woodpecker-ci/woodpecker");
        assertThat(route.targets()).extracting(t -> t.target().platform())
                .containsExactly("discord", "telegram");
        assertThat(route.targets()).allSatisfy(t -> assertThat(t.renderError()).isNull());

        DiscordMessage discord = (DiscordMessage) route.targets().get(0).rendered();
        JsonNode embed = discord.body().path("embeds").path(0);
        assertThat(embed.path("title").asText()).contains("woodpecker-ci/woodpecker");
        assertThat(embed.path("author").path("name").asText()).isNotBlank();

        TelegramMessage telegram = (TelegramMessage) route.targets().get(1).rendered();
        // the fixture's sender has an avatar and no rich-header host is set: a photo with an HTML caption
        assertThat(telegram.method()).isEqualTo("sendPhoto");
        assertThat(telegram.caption()).startsWith("<b>").contains("woodpecker-ci/woodpecker").contains("👤 ");
    }

    @Test
    void theConfigurationInForceIsUsedWhenNoneIsGiven() throws IOException {
        Group group = new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), "en",
                null, false);
        Route route = new Route("all", "team", "Everything", true, List.of(), null,
                List.of(new TelegramTarget(TELEGRAM_CHAT, null)), false, false, List.of());
        inForce = new ConfigSnapshot(1, List.of(group), List.of(route));
        DryRun withConfig = OfflineDryRun.over(() -> inForce, 1, CLOCK);

        DryRunResult.Preview preview = preview(withConfig.run(fixture("github/push/commits.json"), github("push"), null,
                (String) null));

        assertThat(preview.routes()).extracting(DryRunResult.FiredRoute::id).containsExactly("all");
        // and the empty configuration of the other instance fires nothing
        assertThat(preview(dryRun.run(fixture("github/push/commits.json"), github("push"), null, (String) null)).routes())
                .isEmpty();
    }

    @Test
    void giteaIsDetectedBeforeGithubAndNormalizedBeforeRoutesAreMatched() throws IOException {
        byte[] body = fixture("gitea/push/commit.json");
        String compareUrl = json.readTree(body).path("compare_url").asText();
        // Gitea sends the GitHub headers too; its own header decides
        Map<String, String> headers = Map.of("X-Gitea-Event", "push", "X-GitHub-Event", "push", "X-Gitea-Delivery", "g-1");
        // the keyword filter only sees "compare" because the Gitea normalization copies compare_url into it
        String config = """
                groups:
                  - id: forge
                    name: Forge
                    members: []
                    providers: [gitea]
                routes:
                  - id: gitea-pushes
                    name: Gitea pushes
                    enabled: true
                    groupId: forge
                    filters:
                      - type: keyword
                        match: '"compare":"http://localhost:3000/example/example/compare/'
                    targets:
                      - channelId: "%s"
                """.formatted(DISCORD_CHANNEL);

        DryRunResult.Preview preview = preview(dryRun.run(body, headers, "forge", config));

        assertThat(preview.provider()).isEqualTo("gitea");
        assertThat(preview.deliveryId()).isEqualTo("g-1");
        assertThat(preview.routes()).extracting(DryRunResult.FiredRoute::id).containsExactly("gitea-pushes");
        JsonNode embed = ((DiscordMessage) preview.routes().get(0).targets().get(0).rendered()).body()
                .path("embeds").path(0);
        assertThat(embed.path("url").asText()).isEqualTo(compareUrl);
    }

    @Test
    void aCustomPayloadIsValidatedAndRendered() {
        String config = """
                {"groups": [{"id": "ops", "name": "Ops", "members": []}],
                 "routes": [{"id": "alerts", "name": "Alerts", "enabled": true, "groupId": "ops",
                             "filters": [{"type": "event", "match": "custom"}],
                             "targets": [{"platform": "telegram", "chatId": "%s"}]}]}
                """.formatted(TELEGRAM_CHAT);
        byte[] body = "{\"title\":\"Disk almost full\",\"description\":\"**97%** used on db-1\"}".getBytes(StandardCharsets.UTF_8);
        // the signature header only chooses the provider; a dry run checks no signature
        Map<String, String> headers = Map.of("X-WebHooker-Signature", "sha256=not-checked");

        DryRunResult.Preview preview = preview(dryRun.run(body, headers, null, config));

        assertThat(preview.provider()).isEqualTo("custom");
        assertThat(preview.event()).isEqualTo("custom");
        assertThat(preview.deliveryId()).startsWith("sha256-");
        TelegramMessage telegram = (TelegramMessage) preview.routes().get(0).targets().get(0).rendered();
        assertThat(telegram.method()).isEqualTo("sendMessage");
        assertThat(telegram.text()).contains("<b>Disk almost full</b>").contains("<b>97%</b> used on db-1");

        DryRunResult.Refused wrongType = refused(dryRun.run("{\"title\":5}".getBytes(StandardCharsets.UTF_8), headers, null, config));
        assertThat(wrongType.error()).isEqualTo("Invalid event");
        assertThat(wrongType.detail()).isEqualTo("field 'title' must be a string, got number");
    }

    @Test
    void anInvalidConfigurationIsRefusedWithTheValidatorsMessage() throws IOException {
        String config = TWO_ROUTES.replace("name: Releases\n    enabled: true\n    groupId: team", "name: Releases\n    enabled: true\n    groupId: ghost");
        assertThat(config).isNotEqualTo(TWO_ROUTES);

        DryRunResult.Refused refused = refused(dryRun.run(fixture("github/push/commits.json"), github("push"), null, config));

        assertThat(refused.error()).isEqualTo("Invalid configuration");
        assertThat(refused.detail()).isEqualTo(
                "config: routes[1] (id \"releases\", group \"ghost\"): groupId: unknown group \"ghost\"");
        assertThat(refused.configErrors()).singleElement()
                .satisfies(e -> assertThat(e.field()).isEqualTo("groupId"));

        DryRunResult.Refused malformed = refused(dryRun.run(fixture("github/push/commits.json"), github("push"), null,
                "groups: [\nroutes: []"));
        assertThat(malformed.detail()).startsWith("config: malformed YAML at line");
    }

    @Test
    void anUnknownProviderOrBrokenBodyGetsTheIngressWording() {
        DryRunResult.Refused unknown = refused(dryRun.run("{}".getBytes(StandardCharsets.UTF_8),
                Map.of("Content-Type", "application/json"), null, TWO_ROUTES));
        assertThat(unknown.error()).isEqualTo("Unknown webhook provider");
        assertThat(unknown.detail()).isEqualTo("expected X-GitHub-Event, X-Gitea-Event, X-WebHooker-Signature or webhook-signature");

        DryRunResult.Refused notJson = refused(dryRun.run("{\"ref\":".getBytes(StandardCharsets.UTF_8), github("push"), null, TWO_ROUTES));
        assertThat(notJson.error()).isEqualTo("Invalid event");
        assertThat(notJson.detail()).startsWith("the body is not valid JSON (line 1");

        DryRunResult.Refused noBody = refused(dryRun.run(null, github("push"), null, TWO_ROUTES));
        assertThat(noBody.detail()).isEqualTo("the body is empty; expected a JSON object");
    }

    @Test
    void aHostileTitleIsLiteralTextOnBothPlatforms() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode payload =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(fixture("github/pull_request/opened.json"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) payload.get("pull_request")).put("title", "**[click](https://evil.example)**");
        payload.remove("sender"); // no avatar: Telegram sends a text message
        String config = TWO_ROUTES.replace("match: push", "match: pull_request").replace("      - type: branch\n        match: main\n", "");

        DryRunResult.Preview preview = preview(dryRun.run(json.writeValueAsBytes(payload), github("pull_request"), null, config));

        DryRunResult.FiredRoute route = preview.routes().get(0);
        JsonNode embed = ((DiscordMessage) route.targets().get(0).rendered()).body().path("embeds").path(0);
        // Discord resolves the escapes: the reader sees the asterisks and brackets, no link and no bold
        assertThat(embed.path("description").asText()).startsWith("\\*\\*\\[click\\](https://evil.example)\\*\\*\n");
        String telegram = ((TelegramMessage) route.targets().get(1).rendered()).text();
        assertThat(telegram).contains(": **[click](https://evil.example)**</b>").doesNotContain("\\")
                .doesNotContain("href=\"https://evil.example");
    }

    @Test
    void anUnknownTenantIsRefused() throws IOException {
        DryRunResult.Refused refused = refused(dryRun.run(fixture("github/push/commits.json"), github("push"), "nobody", TWO_ROUTES));
        assertThat(refused.error()).isEqualTo("Group not found");
        assertThat(refused.detail()).isEqualTo("no group \"nobody\" in the configuration");
    }

    @Test
    void aTenantSeesOnlyItsOwnRoutes() throws IOException {
        String config = TWO_ROUTES.replace("routes:\n", """
                  - id: other
                    name: Other
                    members: []
                routes:
                  - id: other-pushes
                    name: Other pushes
                    enabled: true
                    groupId: other
                    filters:
                      - type: event
                        match: push
                    targets:
                      - channelId: "333333333333333333"
                """);

        assertThat(preview(dryRun.run(fixture("github/push/commits.json"), github("push"), null, config)).routes())
                .extracting(DryRunResult.FiredRoute::id).containsExactly("other-pushes", "main-pushes");
        assertThat(preview(dryRun.run(fixture("github/push/commits.json"), github("push"), "team", config)).routes())
                .extracting(DryRunResult.FiredRoute::id).containsExactly("main-pushes");
    }

    @Test
    void aCamelTargetPreviewsTheEventItWouldSendWithItsKeyAndItsUriMasked() throws Exception {
        String config = """
                groups:
                  - id: team
                    name: Team
                    members: []
                routes:
                  - id: bus
                    name: Bus
                    enabled: true
                    groupId: team
                    filters:
                      - type: event
                        match: push
                    targets:
                      - platform: camel
                        uri: "nats:events?servers=nats.example:4222&password=hunter2"
                """;
        DryRunResult.Preview preview = preview(dryRun.run(fixture("github/push/commits.json"), github("push"), null, config));

        DryRunResult.FiredRoute route = preview.routes().get(0);
        assertThat(route.targets()).singleElement().satisfies(t -> assertThat(t.renderError()).isNull());
        JsonNode shown = json.valueToTree(route.targets().get(0));
        assertThat(shown.path("target").path("platform").asText()).isEqualTo("CAMEL");
        assertThat(shown.path("target").path("uri").asText()).isEqualTo("nats:events?servers=nats.example:4222&password=xxxxxx");
        assertThat(shown.toString()).doesNotContain("hunter2");
        assertThat(shown.path("rendered").path("key").asText()).isEqualTo("woodpecker-ci/woodpecker");
        assertThat(json.readTree(shown.path("rendered").path("body").asText()))
                .isEqualTo(json.readTree(fixture("github/push/commits.json")));
    }
}
