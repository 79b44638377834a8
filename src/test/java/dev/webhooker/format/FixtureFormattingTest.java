package dev.webhooker.format;

import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.testsupport.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every shared GitHub and Gitea fixture, in English and Chinese, with emoji on and off: it formats
 * without a format error, and no text shows a dictionary key, an unfilled placeholder or (emoji off) a
 * formatter's emoji.
 */
class FixtureFormattingTest {

    /** Events that have no formatter of their own: the generic message is the right answer for them. */
    private static final Set<String> GENERIC_EVENTS = Set.of(
            "gollum", "installation", "merge_group", "public", "repository_dispatch", "team", "watch",
            "workflow_dispatch", "pull_request_approved", "pull_request_rejected");

    private static final Pattern RAW_KEY = Pattern.compile(
            "\\b(?:actions|fields|common|status|severity|ref_type|events|custom|log)\\.[a-z_]+(?:\\.[a-z_]+)*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[A-Za-z_]+}");

    private static final MessageFormatter FORMATTER = TestEvents.formatter();

    static Stream<Arguments> fixtures() {
        return Fixtures.formattingCases().stream().map(c -> Arguments.of(c.provider(),
                c.file().getParent().getFileName().toString(), c.file().getFileName().toString(), c.file(), c.lang(),
                c.emoji()));
    }

    @ParameterizedTest(name = "{0}/{1}/{2} {4} emoji={5}")
    @MethodSource("fixtures")
    void formatsCleanly(String provider, String folder, String name, Path file, String lang, boolean emoji) {
        WebhookEvent event = "gitea".equals(provider)
                ? TestEvents.gitea(folder, TestEvents.read(file))
                : TestEvents.raw("github", folder, TestEvents.read(file));
        String rawPayload = event.payload().toString();

        FormattedMessage formatted = FORMATTER.format(event, TestEvents.group(lang, emoji), TestEvents.route(List.of()));

        assertThat(formatted.formatError()).as(formatted.formatErrorDetail()).isFalse();
        NeutralMessage message = formatted.message();
        assertThat(message.title()).isNotBlank();
        assertThat(message.color()).isNotNull();
        assertThat(message.timestamp()).isEqualTo("2026-08-02T21:26:04.042Z");
        assertThat(message.author()).isNotNull();
        if (GENERIC_EVENTS.contains(folder)) {
            assertThat(message.title()).contains(": " + folder);
        } else {
            assertThat(message.title()).doesNotContain(": " + folder);
        }
        for (String text : texts(message)) {
            assertThat(unexplained(RAW_KEY, text, rawPayload)).as("raw key in %s", text).isEmpty();
            assertThat(unexplained(PLACEHOLDER, text, rawPayload)).as("placeholder in %s", text).isEmpty();
        }
        for (NeutralMessage.Field field : message.fields()) {
            assertThat(field.value()).as(field.name()).isNotBlank();
        }
        if (!emoji) {
            assertThat(EmojiScan.formatterEmoji(message, rawPayload)).isEmpty();
        }
        if ("zh".equals(lang) && message.description() != null && !GENERIC_EVENTS.contains(folder)) {
            assertThat(message.description() + message.title() + fieldNames(message))
                    .as("some Chinese text").containsPattern("\\p{IsHan}");
        }
    }

    private static String fieldNames(NeutralMessage message) {
        StringBuilder names = new StringBuilder();
        message.fields().forEach(f -> names.append(f.name()));
        return names.toString();
    }

    static List<String> texts(NeutralMessage message) {
        List<String> texts = new ArrayList<>();
        texts.add(message.title());
        if (message.description() != null) {
            texts.add(message.description());
        }
        if (message.footer() != null) {
            texts.add(message.footer());
        }
        if (message.author() != null) {
            texts.add(message.author().name());
        }
        for (NeutralMessage.Field field : message.fields()) {
            texts.add(field.name());
            texts.add(field.value());
        }
        for (NeutralMessage.Action action : message.actions()) {
            texts.add(action.label());
        }
        return texts;
    }

    /** Matches that the payload itself does not contain (user text may legitimately hold such strings). */
    private static List<String> unexplained(Pattern pattern, String text, String rawPayload) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            if (!rawPayload.contains(matcher.group())) {
                found.add(matcher.group());
            }
        }
        return found;
    }
}
