package dev.webhooker.platform.discord;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.RandomMessages;
import dev.webhooker.platform.markup.WebUrls;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class DiscordRendererProperties {

    private final DiscordRenderer renderer = new DiscordRenderer();

    @Property(tries = 300)
    void everyLimitHolds(@ForAll("messages") NeutralMessage message) {
        ObjectNode body = renderer.render(message).body();

        assertThat(body.path("content").asText("").length()).isLessThanOrEqualTo(DiscordLimits.CONTENT);
        assertThat(body.get("embeds").size()).isEqualTo(1);
        JsonNode embed = body.get("embeds").get(0);
        assertThat(embed.path("title").asText("").length()).isLessThanOrEqualTo(DiscordLimits.TITLE);
        assertThat(embed.path("description").asText("").length()).isLessThanOrEqualTo(DiscordLimits.DESCRIPTION);
        assertThat(embed.path("author").path("name").asText("").length()).isLessThanOrEqualTo(DiscordLimits.AUTHOR_NAME);
        assertThat(embed.path("footer").path("text").asText("").length()).isLessThanOrEqualTo(DiscordLimits.FOOTER_TEXT);
        assertThat(embed.path("fields").size()).isLessThanOrEqualTo(DiscordLimits.FIELDS);
        for (JsonNode field : embed.path("fields")) {
            assertThat(field.get("name").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.FIELD_NAME);
            assertThat(field.get("value").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.FIELD_VALUE);
        }
        assertThat(DiscordRendererTest.embedTotal(embed)).isLessThanOrEqualTo(DiscordLimits.EMBED_TOTAL);
        assertThat(embed.path("title").asText("") + embed.path("description").asText("")
                + embed.path("fields").size() + embed.path("author").path("name").asText("")
                + embed.path("footer").path("text").asText("")).isNotBlank();

        JsonNode rows = body.path("components");
        assertThat(rows.size()).isLessThanOrEqualTo(DiscordLimits.ACTION_ROWS);
        for (JsonNode row : rows) {
            assertThat(row.get("components").size()).isBetween(1, DiscordLimits.BUTTONS_PER_ROW);
            for (JsonNode button : row.get("components")) {
                assertThat(button.get("custom_id").asText()).isNotEmpty().hasSizeLessThanOrEqualTo(DiscordLimits.CUSTOM_ID);
                assertThat(button.get("label").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.BUTTON_LABEL);
            }
        }
    }

    @Property(tries = 300)
    void onlyConfiguredRolesCanBePinged(@ForAll("messages") NeutralMessage message) {
        ObjectNode body = renderer.render(message).body();
        JsonNode allowed = body.get("allowed_mentions");
        assertThat(allowed.get("parse").size()).isZero();
        List<String> roles = new ArrayList<>();
        allowed.path("roles").forEach(id -> roles.add(id.asText()));
        assertThat(roles).allMatch(id -> id.matches("[0-9]+")).doesNotHaveDuplicates()
                .hasSizeLessThanOrEqualTo(DiscordLimits.ALLOWED_MENTION_ROLES);
        String expected = String.join(" ", roles.stream().map(id -> "<@&" + id + ">").toList());
        assertThat(body.path("content").asText("")).isEqualTo(expected);
    }

    @Property(tries = 300)
    void onlyValidWebUrlsAndWellFormedTextAreSent(@ForAll("messages") NeutralMessage message) {
        JsonNode embed = renderer.render(message).body().get("embeds").get(0);
        for (JsonNode url : List.of(embed.path("url"), embed.path("author").path("url"),
                embed.path("author").path("icon_url"), embed.path("footer").path("icon_url"))) {
            if (!url.isMissingNode()) {
                assertThat(WebUrls.web(url.asText())).contains(url.asText());
                assertThat(url.asText()).matches("(?i)https?://.+");
            }
        }
        assertWellFormed(renderer.render(message).body());
    }

    @Property(tries = 300)
    void cutsNeverLeaveHalfACodeSpanOrLink(@ForAll("structured") NeutralMessage message) {
        JsonNode embed = renderer.render(message).body().get("embeds").get(0);
        List<String> texts = new ArrayList<>(List.of(embed.path("title").asText(""),
                embed.path("description").asText("")));
        embed.path("fields").forEach(field -> {
            texts.add(field.get("name").asText());
            texts.add(field.get("value").asText());
        });
        for (String text : texts) {
            assertThat(text.chars().filter(c -> c == '`').count() % 2).as("backticks in %s", text).isZero();
            String withoutLinks = text.replaceAll("\\[[^\\[\\]]*\\]\\(https://[^\\s()]*(\\([^\\s()]*\\))?\\)", "");
            assertThat(withoutLinks).as("half link in %s", text).doesNotContain("](").doesNotContain("[");
        }
    }

    private static void assertWellFormed(JsonNode node) {
        if (node.isTextual()) {
            assertThat(node.asText().codePoints().filter(cp -> Character.getType(cp) == Character.SURROGATE))
                    .isEmpty();
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            assertWellFormed(it.next().getValue());
        }
        if (node.isArray()) {
            node.forEach(DiscordRendererProperties::assertWellFormed);
        }
    }

    @Provide
    Arbitrary<NeutralMessage> messages() {
        return RandomMessages.messages();
    }

    @Provide
    Arbitrary<NeutralMessage> structured() {
        return RandomMessages.messages(RandomMessages.structuredText());
    }
}
