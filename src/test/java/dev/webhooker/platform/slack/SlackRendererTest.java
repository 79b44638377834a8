package dev.webhooker.platform.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformLimitChecks;

class SlackRendererTest {

    private final SlackRenderer renderer = new SlackRenderer();

    private static NeutralMessage message(String title, String description, List<NeutralMessage.Field> fields) {
        return new NeutralMessage(title, "https://github.com/acme/widget/pull/7", 0x2ea043, description,
                new NeutralMessage.Author("octo<cat>", "https://avatars.example.com/u/1", "https://github.com/octocat"), fields,
                "acme/widget", "2026-12-01T10:00:00Z", List.of(new NeutralMessage.Action("merge:1", "Merge", "primary")),
                new NeutralMessage.Forge("GitHub", "https://github.com", "https://github.com/favicon.ico"), null, List.of("55"));
    }

    @Test
    void theNeutralMarkdownBecomesMrkdwnWithSlacksEscapes() {
        JsonNode body = renderer.render(message("[acme/widget] PR #7: Fix <script> & more",
                "**Bold** and `a<b` and [the docs](https://example.com/?a=1&b=2) [bad](ftp://example.com/f) & <raw>\n> quoted line",
                List.of(new NeutralMessage.Field("Branch", "`main` ← `fix`", true))));
        JsonNode blocks = body.path("attachments").get(0).path("blocks");

        assertThat(body.path("text").asText()).isEqualTo("[acme/widget] PR #7: Fix &lt;script&gt; &amp; more");
        assertThat(body.path("attachments").get(0).path("color").asText()).isEqualTo("#2ea043");
        assertThat(blocks.get(0).path("elements").get(1).path("text").asText()).isEqualTo("<https://github.com/octocat|octo&lt;cat&gt;>");
        assertThat(blocks.get(1).path("text").path("text").asText())
                .isEqualTo("*<https://github.com/acme/widget/pull/7|[acme/widget] PR #7: Fix &lt;script&gt; &amp; more>*");
        assertThat(blocks.get(2).path("text").path("text").asText())
                .isEqualTo("*Bold* and `a&lt;b` and <https://example.com/?a=1&b=2|the docs> bad &amp; &lt;raw&gt;\n> quoted line");
        assertThat(blocks.get(3).path("fields").get(0).path("text").asText()).isEqualTo("*Branch*\n`main` ← `fix`");
        assertThat(blocks.get(4).path("elements").get(1).path("text").asText())
                .isEqualTo("GitHub · acme/widget · <!date^1796119200^{date_short_pretty} {time}|2026-12-01T10:00:00Z>");
        assertThat(body.toString()).as("buttons and role mentions are Discord's").doesNotContain("Merge").doesNotContain("55");
        PlatformLimitChecks.slack(body);
    }

    @Test
    void theLargestMessageAFormatterMakesStaysWithinBlockKitsLimits() {
        List<NeutralMessage.Field> fields = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            fields.add(new NeutralMessage.Field("Field " + i + " <" + "n".repeat(300), "&".repeat(1024), i % 2 == 0));
        }
        String description = ("**bold** [link](https://example.com/" + "x".repeat(50) + ") <&> ").repeat(80);
        JsonNode body = renderer.render(message("T".repeat(400), description, fields));

        PlatformLimitChecks.slack(body);
        JsonNode blocks = body.path("attachments").get(0).path("blocks");
        assertThat(blocks.get(2).path("text").path("text").asText()).endsWith("…").hasSizeLessThanOrEqualTo(3000);
        assertThat(blocks.get(3).path("fields").size()).isEqualTo(10);
        assertThat(blocks.get(5).path("fields").size()).as("25 fields in three sections").isEqualTo(5);
    }

    @Test
    void thePeopleToMentionLeadTheTextThatNotifies() {
        JsonNode body = renderer.render(message("acme/widget#7: Review requested", null, List.of()).withMentionPeople(List.of(
                new dev.webhooker.routing.Group.Person("octocat", java.util.Map.of("slack", "U0123ABCDE")),
                new dev.webhooker.routing.Group.Person("hubot", java.util.Map.of("slack", "not-a-member-id")))));

        assertThat(body.path("text").asText()).isEqualTo("<@U0123ABCDE> acme/widget#7: Review requested");
    }
}
