package dev.webhooker.platform.teams;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformLimitChecks;

class TeamsRendererTest {

    private final TeamsRenderer renderer = new TeamsRenderer();

    private static NeutralMessage message(Integer color, String description, List<NeutralMessage.Field> fields) {
        return new NeutralMessage("[acme/widget] CI failed", "https://github.com/acme/widget/actions/runs/1", color, description,
                new NeutralMessage.Author("octocat", null, "https://github.com/octocat"), fields, "acme/widget",
                "2026-12-01T10:00:00.123Z", List.of(), null, null, List.of());
    }

    @Test
    void aCardWithTheTitleInTheMessagesColourFactsAndALinkToTheEvent() {
        JsonNode body = renderer.render(message(0xd1242f, "**Job** `build` failed: [log](https://example.com/log)",
                List.of(new NeutralMessage.Field("Branch", "`main`", true))));
        JsonNode card = body.path("attachments").get(0).path("content");

        PlatformLimitChecks.teams(body);
        assertThat(card.path("body").get(0).path("text").asText()).isEqualTo("[octocat](https://github.com/octocat)");
        assertThat(card.path("body").get(1).path("text").asText()).isEqualTo("[acme/widget] CI failed");
        assertThat(card.path("body").get(1).path("color").asText()).isEqualTo("Attention");
        assertThat(card.path("body").get(2).path("text").asText()).isEqualTo("**Job** build failed: [log](https://example.com/log)");
        assertThat(card.path("body").get(3).path("facts").get(0).path("value").asText()).isEqualTo("main");
        assertThat(card.path("body").get(4).path("text").asText())
                .isEqualTo("acme/widget · {{DATE(2026-12-01T10:00:00Z, SHORT)}} {{TIME(2026-12-01T10:00:00Z)}}");
        assertThat(card.path("actions").get(0).path("url").asText()).isEqualTo("https://github.com/acme/widget/actions/runs/1");
    }

    @Test
    void coloursMapToTheCardsTextColours() {
        assertThat(TeamsRenderer.colour(0x2ea043)).hasValue("Good");
        assertThat(TeamsRenderer.colour(0xd29922)).hasValue("Warning");
        assertThat(TeamsRenderer.colour(0x8250df)).isEmpty();
        assertThat(TeamsRenderer.colour(0x808080)).as("grey").isEmpty();
        assertThat(TeamsRenderer.colour(null)).isEmpty();
    }

    @Test
    void aMessageOverTeamsSizeLimitIsShortenedUntilItFits() {
        List<NeutralMessage.Field> fields = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            fields.add(new NeutralMessage.Field("Field " + i, "\"é\\".repeat(340), false));
        }
        JsonNode body = renderer.render(message(null, "\"\\".repeat(2048), fields));

        PlatformLimitChecks.teams(body);
        assertThat(body.toString().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TeamsRenderer.MAX_BYTES);
        assertThat(body.path("attachments").get(0).path("content").path("body").toString()).contains("Field 0");
    }
}
