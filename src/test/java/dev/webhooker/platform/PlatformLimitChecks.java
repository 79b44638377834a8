package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Slack's and Teams' documented limits, written out here rather than taken from the renderers' constants, so a
 * renderer that drifts from the platform fails: Block Kit (at most 50 blocks; section text 3,000 and ten fields of
 * 2,000; context at most ten elements; image URLs 3,000, alt text 2,000; no empty text) and Teams (a message of at most
 * 28 KB with an Adaptive Card).
 */
public final class PlatformLimitChecks {

    /** What may follow a '<' in mrkdwn: a link, a URL alone, or a date token; anything else must be escaped. */
    private static final Pattern ANGLE = Pattern.compile("<([^<>]*)>");

    private PlatformLimitChecks() {
    }

    public static void slack(JsonNode body) {
        assertThat(body.path("text").asText()).isNotBlank().hasSizeLessThanOrEqualTo(40_000);
        JsonNode blocks = body.path("attachments").get(0).path("blocks");
        assertThat(blocks.size()).isBetween(1, 50);
        for (JsonNode block : blocks) {
            switch (block.path("type").asText()) {
                case "section" -> {
                    if (block.has("text")) {
                        mrkdwn(block.path("text"), 3000);
                    }
                    if (block.has("fields")) {
                        assertThat(block.path("fields").size()).isBetween(1, 10);
                        block.path("fields").forEach(field -> mrkdwn(field, 2000));
                    }
                    assertThat(block.has("text") || block.has("fields")).isTrue();
                }
                case "context" -> {
                    assertThat(block.path("elements").size()).isBetween(1, 10);
                    for (JsonNode element : block.path("elements")) {
                        if ("image".equals(element.path("type").asText())) {
                            assertThat(element.path("image_url").asText()).matches("https?://.+").hasSizeLessThanOrEqualTo(3000);
                            assertThat(element.path("alt_text").asText()).isNotBlank().hasSizeLessThanOrEqualTo(2000);
                        } else {
                            mrkdwn(element, 3000);
                        }
                    }
                }
                default -> throw new AssertionError("unexpected block " + block);
            }
        }
        String color = body.path("attachments").get(0).path("color").asText("#000000");
        assertThat(color).matches("#[0-9a-f]{6}");
    }

    private static void mrkdwn(JsonNode text, int max) {
        assertThat(text.path("type").asText()).isEqualTo("mrkdwn");
        String value = text.path("text").asText();
        assertThat(value).isNotBlank().hasSizeLessThanOrEqualTo(max);
        Matcher angle = ANGLE.matcher(value);
        String rest = angle.replaceAll(m -> {
            assertThat(m.group(1)).as("a <…> token in " + value).matches("(https?://[^|\\s]+(\\|[^|]+)?|!date\\^\\d+\\^[^|]+\\|[^|]+)");
            return "";
        });
        // a line that starts with "> " is a quote; any other > or < is escaped
        assertThat(rest.replaceAll("(?m)^> ", "")).as("an unescaped < or > in " + value).doesNotContain("<", ">");
        assertThat(rest.replaceAll("&(amp|lt|gt);", "")).as("an unescaped & in " + value).doesNotContain("&");
    }

    public static void teams(JsonNode body) {
        assertThat(body.toString().getBytes(StandardCharsets.UTF_8).length).as("bytes").isLessThanOrEqualTo(28 * 1024);
        assertThat(body.path("type").asText()).isEqualTo("message");
        JsonNode attachment = body.path("attachments").get(0);
        assertThat(attachment.path("contentType").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
        JsonNode card = attachment.path("content");
        assertThat(card.path("type").asText()).isEqualTo("AdaptiveCard");
        assertThat(card.path("version").asText()).isEqualTo("1.4");
        assertThat(card.path("body").size()).isPositive();
        for (JsonNode element : card.path("body")) {
            switch (element.path("type").asText()) {
                case "TextBlock" -> assertThat(element.path("text").asText()).isNotBlank();
                case "FactSet" -> {
                    assertThat(element.path("facts").size()).isPositive();
                    element.path("facts").forEach(f -> assertThat(f.path("title").asText() + f.path("value").asText()).isNotBlank());
                }
                default -> throw new AssertionError("unexpected element " + element);
            }
        }
        for (JsonNode action : card.path("actions")) {
            assertThat(action.path("type").asText()).isEqualTo("Action.OpenUrl");
            assertThat(action.path("url").asText()).matches("https?://.+");
        }
    }
}
