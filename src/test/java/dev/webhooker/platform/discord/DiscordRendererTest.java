package dev.webhooker.platform.discord;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.format.NeutralMessage.Action;
import dev.webhooker.format.NeutralMessage.Author;
import dev.webhooker.format.NeutralMessage.Field;
import dev.webhooker.format.NeutralMessage.Forge;
import dev.webhooker.platform.markup.MarkdownNode;
import dev.webhooker.platform.markup.NeutralMarkdown;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DiscordRendererTest {

    private static final String REPO = "https://github.com/acme/widget";
    private final DiscordRenderer renderer = new DiscordRenderer();

    private static NeutralMessage message(String title, String url, String description, Author author,
            List<Field> fields, String footer, List<Action> actions, Forge forge, List<String> roles) {
        return new NeutralMessage(title, url, 2991182, description, author, fields, footer,
                "2026-08-02T21:26:04.042Z", actions, forge, null, roles);
    }

    @Test
    void escapedUserTextReachesDiscordAsWrittenSoItShowsLiterally() {
        // the formatter escapes a PR titled **[click](https://evil.example)**; Discord resolves \* and \[
        String subject = "\\*\\*\\[click\\](https://evil.example)\\*\\*";
        JsonNode embed = embed(message("acme/widget#7: " + subject, REPO + "/pull/7", null, null, null, null, null, null,
                null));

        assertThat(embed.get("title").asText()).isEqualTo("acme/widget#7");
        assertThat(embed.get("description").asText()).isEqualTo(subject);
    }

    private ObjectNode body(NeutralMessage message) {
        return renderer.render(message).body();
    }

    private JsonNode embed(NeutralMessage message) {
        return body(message).get("embeds").get(0);
    }

    /** Discord's embed total: title, description, field names and values, footer text, author name. */
    static int embedTotal(JsonNode embed) {
        int total = embed.path("title").asText("").length() + embed.path("description").asText("").length()
                + embed.path("footer").path("text").asText("").length()
                + embed.path("author").path("name").asText("").length();
        for (JsonNode field : embed.path("fields")) {
            total += field.get("name").asText().length() + field.get("value").asText().length();
        }
        return total;
    }

    @Test
    void vectorV2PullRequest() {
        NeutralMessage pr = message("acme/widget#7: Add feature", REPO + "/pull/7",
                "🟢 **Opened** pull request\n\nImplements the new feature.",
                new Author("octocat", "https://avatars.githubusercontent.com/u/1?v=4", "https://github.com/octocat"),
                List.of(new Field("Branch", "[`feature`](" + REPO + "/tree/feature) → [`main`](" + REPO + "/tree/main)",
                        true)),
                "acme/widget",
                List.of(new Action("ghpr|merge|acme|widget|7", "Merge", "primary"),
                        new Action("ghpr|close|acme|widget|7", "Close", "danger")),
                null, null);
        ObjectNode body = body(pr);
        JsonNode embed = body.get("embeds").get(0);

        assertThat(embed.get("title").asText()).isEqualTo("acme/widget#7");
        assertThat(embed.get("url").asText()).isEqualTo(REPO + "/pull/7");
        assertThat(embed.get("color").asInt()).isEqualTo(2991182);
        assertThat(embed.get("description").asText())
                .isEqualTo("Add feature\n🟢 **Opened** pull request\n\nImplements the new feature.");
        assertThat(embed.get("footer").toString()).isEqualTo("{\"text\":\"acme/widget\"}");
        assertThat(embed.get("author").toString()).isEqualTo("{\"name\":\"octocat\",\"url\":\"https://github.com/octocat\","
                + "\"icon_url\":\"https://avatars.githubusercontent.com/u/1?v=4\"}");
        assertThat(embed.get("fields").get(0).toString()).isEqualTo("{\"name\":\"Branch\",\"value\":\"[`feature`]("
                + REPO + "/tree/feature) → [`main`](" + REPO + "/tree/main)\",\"inline\":true}");
        assertThat(embed.get("timestamp").asText()).isEqualTo("2026-08-02T21:26:04.042Z");
        assertThat(body.get("components").toString()).isEqualTo("[{\"type\":1,\"components\":["
                + "{\"type\":2,\"style\":1,\"label\":\"Merge\",\"custom_id\":\"ghpr|merge|acme|widget|7\"},"
                + "{\"type\":2,\"style\":4,\"label\":\"Close\",\"custom_id\":\"ghpr|close|acme|widget|7\"}]}]");
        assertThat(body.has("content")).isFalse();
        assertThat(body.get("allowed_mentions").toString()).isEqualTo("{\"parse\":[]}");
    }

    @Test
    void vectorV1PushKeepsTheRefLinkInTheDescription() {
        String commit = "[`bbbbbbb`](" + REPO + "/commit/" + "b".repeat(40) + ") Fix login bug";
        JsonNode embed = embed(message("acme/widget: Pushed 1 commit to [`main`](" + REPO + "/tree/main)",
                REPO + "/compare/aaa...bbb", commit, null,
                List.of(new Field("Changes", "[View comparison](" + REPO + "/compare/aaa...bbb):", false)), "acme/widget",
                null, null, null));
        assertThat(embed.get("title").asText()).isEqualTo("acme/widget");
        assertThat(embed.get("url").asText()).isEqualTo(REPO + "/compare/aaa...bbb");
        assertThat(embed.get("description").asText())
                .isEqualTo("Pushed 1 commit to [`main`](" + REPO + "/tree/main)\n" + commit);
        assertThat(embed.get("fields").get(0).get("value").asText())
                .isEqualTo("[View comparison](" + REPO + "/compare/aaa...bbb):");
        assertThat(embed.get("fields").get(0).get("inline").asBoolean()).isFalse();
    }

    @Test
    void vectorV11TitleWithoutRepoIsSplitToo() {
        JsonNode embed = embed(message("Disk: full", null, null, null, null, "", null, null, null));
        assertThat(embed.get("title").asText()).isEqualTo("Disk");
        assertThat(embed.get("description").asText()).isEqualTo("full");
        assertThat(embed.has("footer")).isFalse();
        assertThat(embed.has("url")).isFalse();
    }

    @Test
    void vectorV11OversizedCustomMessageFitsEveryLimit() {
        List<Field> fields = IntStream.range(0, 30).mapToObj(i -> new Field("f" + i, "y".repeat(2000), true)).toList();
        JsonNode embed = embed(message("acme/widget: Deploy failed", null, "x".repeat(5000), null, fields,
                "acme/widget", null, null, null));

        String description = embed.get("description").asText();
        assertThat(description).startsWith("Deploy failed\nxxx").endsWith("x…").hasSize(DiscordLimits.DESCRIPTION);
        assertThat(embed.get("fields").size()).isBetween(1, DiscordLimits.FIELDS);
        for (JsonNode field : embed.get("fields")) {
            assertThat(field.get("value").asText().length()).isLessThanOrEqualTo(DiscordLimits.FIELD_VALUE);
        }
        assertThat(embedTotal(embed)).isLessThanOrEqualTo(DiscordLimits.EMBED_TOTAL).isGreaterThan(5990);
    }

    @Test
    void thirtyFieldsBecomeTwentyFive() {
        List<Field> fields = IntStream.range(0, 30).mapToObj(i -> new Field("f" + i, "v" + i, i % 2 == 0)).toList();
        JsonNode out = embed(message("t", null, null, null, fields, null, null, null, null)).get("fields");
        assertThat(out.size()).isEqualTo(25);
        assertThat(out.get(24).get("name").asText()).isEqualTo("f24");
        assertThat(out.get(1).get("inline").asBoolean()).isFalse();
    }

    @Test
    void tenThousandCharacterDescriptionIsCutWithAnEllipsis() {
        String description = embed(message("t", null, "d".repeat(10_000), null, null, null, null, null, null))
                .get("description").asText();
        assertThat(description).hasSizeLessThanOrEqualTo(4096).endsWith("d…");
    }

    @Test
    void fieldsAreShortenedThenDroppedBeforeTheDescriptionToFitTheTotal() {
        List<Field> fields = IntStream.range(0, 10).mapToObj(i -> new Field("name" + i, "v".repeat(1024), false))
                .toList();
        JsonNode embed = embed(message("t", null, "d".repeat(4000), new Author("a".repeat(300), null, null), fields,
                "f".repeat(3000), null, null, null));

        // Title, author and footer come first: 6000 - 1 - 256 - 2048 = 3695 left for the description.
        assertThat(embed.get("description").asText()).hasSize(3695).endsWith("d…");
        assertThat(embed.get("author").get("name").asText()).hasSize(256).endsWith("a…");
        assertThat(embed.get("footer").get("text").asText()).hasSize(2048).endsWith("f…");
        assertThat(embedTotal(embed)).isLessThanOrEqualTo(DiscordLimits.EMBED_TOTAL);
        // Nothing is left for fields once the description took its share.
        assertThat(embed.has("fields")).isFalse();

        JsonNode roomy = embed(message("t", null, "d".repeat(3000), null, fields, null, null, null, null));
        assertThat(roomy.get("fields").size()).isEqualTo(3);
        assertThat(roomy.get("fields").get(2).get("value").asText()).endsWith("v…");
        assertThat(embedTotal(roomy)).isEqualTo(DiscordLimits.EMBED_TOTAL);
    }

    @Test
    void titleAndFieldNameAndValueCaps() {
        JsonNode embed = embed(message("T".repeat(300) + ": s", null, null, null,
                List.of(new Field("n".repeat(300), "v".repeat(2000), true)), null, null, null, null));
        assertThat(embed.get("title").asText()).hasSize(256).endsWith("T…");
        assertThat(embed.get("fields").get(0).get("name").asText()).hasSize(256).endsWith("n…");
        assertThat(embed.get("fields").get(0).get("value").asText()).hasSize(1024).endsWith("v…");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n"})
    void emptyFieldNamesAndValuesBecomeAZeroWidthSpace(String blank) {
        JsonNode field = embed(message("t", null, null, null, List.of(new Field(blank, blank, false)), null, null, null,
                null)).get("fields").get(0);
        assertThat(field.get("name").asText()).isEqualTo("\u200B");
        assertThat(field.get("value").asText()).isEqualTo("\u200B");
    }

    @Test
    void roleMentionsPingOnlyTheConfiguredRoles() {
        ObjectNode body = body(message("@everyone look: @here", null, "@everyone <@&999> <@123>", null, null, null,
                null, null, List.of("111", "222", "111", "not-a-snowflake")));
        assertThat(body.get("content").asText()).isEqualTo("<@&111> <@&222>");
        assertThat(body.get("allowed_mentions").toString()).isEqualTo("{\"parse\":[],\"roles\":[\"111\",\"222\"]}");
    }

    @Test
    void contentStaysWithin2000AndMatchesTheAllowedRoles() {
        List<String> roles = IntStream.range(0, 200).mapToObj(i -> String.valueOf(100000000000000000L + i)).toList();
        ObjectNode body = body(message("t", null, null, null, null, null, null, null, roles));
        String content = body.get("content").asText();
        assertThat(content.length()).isLessThanOrEqualTo(DiscordLimits.CONTENT);
        List<String> allowed = new ArrayList<>();
        body.get("allowed_mentions").get("roles").forEach(id -> allowed.add(id.asText()));
        assertThat(content).isEqualTo(String.join(" ", allowed.stream().map(id -> "<@&" + id + ">").toList()));
        assertThat(allowed).hasSizeLessThanOrEqualTo(100).hasSizeGreaterThan(50);
    }

    @Test
    void surrogatePairsAtTheCutStayWhole() {
        String description = "a" + "😀".repeat(3000);
        String cut = embed(message("t", null, description, null, null, null, null, null, null))
                .get("description").asText();
        assertThat(cut.length()).isLessThanOrEqualTo(4096);
        assertThat(cut).endsWith("😀…");
        assertThat(cut.codePoints().filter(cp -> Character.getType(cp) == Character.SURROGATE)).isEmpty();
    }

    @Test
    void markdownLinkStraddlingTheCutIsNotSplit() {
        String link = "[commit](" + REPO + "/commit/" + "b".repeat(40) + ")";
        String cut = DiscordMarkdown.fit("x".repeat(4060) + link, 4096);
        assertThat(cut).isEqualTo("x".repeat(4060) + "…");

        // With room for the URL, the label is shortened inside the link instead.
        String label = "[" + "L".repeat(100) + "](https://e.example/x)";
        String shortened = DiscordMarkdown.fit("x".repeat(10) + label, 50);
        assertThat(shortened).hasSizeLessThanOrEqualTo(50).startsWith("x".repeat(10) + "[L")
                .endsWith("L](https://e.example/x)…");
    }

    @Test
    void codeSpansAndBoldAreClosedWhenCut() {
        assertThat(DiscordMarkdown.fit("ab `" + "c".repeat(100) + "`", 20)).isEqualTo("ab `" + "c".repeat(14) + "`…");
        assertThat(DiscordMarkdown.fit("**" + "b".repeat(100) + "**", 20)).isEqualTo("**" + "b".repeat(15) + "**…");
        assertThat(DiscordMarkdown.fit("ab ``x`" + "c".repeat(100) + "``", 20)).isEqualTo("ab ``x`" + "c".repeat(10) + "``…");
        // An escape is never split into a bare backslash.
        assertThat(DiscordMarkdown.fit("abcdefghi\\*jklmn", 11)).isEqualTo("abcdefghi…");
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)", "ftp://example.com/x", "not a url", "/relative", "https://",
            "http://exa mple.com"})
    void invalidUrlsAreDropped(String bad) {
        ObjectNode body = body(message("head: [label](" + bad + ")", bad, "see [docs](" + bad + ")",
                new Author("octo", bad, bad), null, "footer", null, new Forge("Forge", bad, bad), null));
        JsonNode embed = body.get("embeds").get(0);
        assertThat(embed.has("url")).isFalse();
        assertThat(embed.get("author").toString()).isEqualTo("{\"name\":\"octo\"}");
        assertThat(embed.get("footer").toString()).isEqualTo("{\"text\":\"Forge · footer\"}");
        // No link to the bad URL is left for Discord to parse (text with spaces never was one).
        assertThat(NeutralMarkdown.parseInline(embed.get("description").asText()))
                .noneMatch(node -> node instanceof MarkdownNode.Link);
    }

    @Test
    void buttonIdsAndLabelsWithinBounds() {
        List<Action> actions = new ArrayList<>();
        actions.add(new Action("x".repeat(101), "Too long id", "primary"));
        actions.add(new Action("ok", "L".repeat(100), "secondary"));
        actions.addAll(Collections.nCopies(30, new Action("same", "Again", "danger")));
        JsonNode rows = body(message("t", null, null, null, null, null, actions, null, null)).get("components");

        assertThat(rows.size()).isEqualTo(5);
        JsonNode first = rows.get(0).get("components").get(0);
        assertThat(first.get("custom_id").asText()).isEqualTo("ok");
        assertThat(first.get("label").asText()).hasSize(80).endsWith("L…");
        assertThat(first.get("style").asInt()).isEqualTo(2);
        rows.forEach(row -> assertThat(row.get("components").size()).isLessThanOrEqualTo(5));
    }

    @Test
    void forgeFooterFromVectorV12() {
        JsonNode embed = embed(message("owner/repo: Pushed", null, null, null, null, "owner/repo", null,
                new Forge("内网 Gitea", "https://git.example.com", "https://git.example.com/assets/img/favicon.png"),
                null));
        assertThat(embed.get("footer").toString()).isEqualTo(
                "{\"text\":\"内网 Gitea · owner/repo\",\"icon_url\":\"https://git.example.com/assets/img/favicon.png\"}");
    }

    @Test
    void invalidTimestampAndColourAreDropped() {
        NeutralMessage m = new NeutralMessage("t", null, 0x1000000, null, null, null, null, "not a time", null, null,
                null, null);
        JsonNode embed = embed(m);
        assertThat(embed.has("timestamp")).isFalse();
        assertThat(embed.has("color")).isFalse();
    }

    @Test
    void emptyMessageStillHasEmbedText() {
        NeutralMessage m = new NeutralMessage("", null, null, null, null, null, null, null, null, null, null, null);
        assertThat(embed(m).get("description").asText()).isEqualTo("\u200B");
    }

    @Test
    void thePeopleToMentionArePingedAndNobodyElse() {
        NeutralMessage asked = message("acme/widget#7: Review requested", REPO + "/pull/7", "Please look, @everyone", null, null,
                null, null, null, List.of("400000000000000004")).withMentionPeople(List.of(
                        new dev.webhooker.routing.Group.Person("octocat", java.util.Map.of("discord", "300000000000000003", "slack", "U0123ABCDE")),
                        new dev.webhooker.routing.Group.Person("hubot", java.util.Map.of("telegram", "@hubot_fan"))));

        JsonNode body = renderer.render(asked).body();

        assertThat(body.path("content").asText()).isEqualTo("<@300000000000000003> <@&400000000000000004>");
        assertThat(body.path("allowed_mentions").path("parse")).isEmpty();
        assertThat(body.path("allowed_mentions").path("users")).extracting(JsonNode::asText).containsExactly("300000000000000003");
        assertThat(body.path("allowed_mentions").path("roles")).extracting(JsonNode::asText).containsExactly("400000000000000004");
        assertThat(renderer.render(message("t", null, null, null, null, null, null, null, null)).body().path("allowed_mentions").has("users"))
                .as("nobody to mention: no users at all").isFalse();
    }
}
