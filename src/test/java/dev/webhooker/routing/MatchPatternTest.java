package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The three pattern forms and their edges, for field values and keyword text. */
class MatchPatternTest {

    static Stream<Arguments> fieldPatterns() {
        return Stream.of(
                arguments("plain is case-insensitive equality", "Push", "push", true),
                arguments("plain is not a substring", "pus", "push", false),
                arguments("plain with glob-free regex characters is literal", "a.b", "axb", false),
                arguments("/x/i is plain text, not a regex", "/x/i", "/x/i", true),
                arguments("/x/i does not match x", "/x/i", "x", false),
                arguments("single / is plain", "/", "/", true),
                arguments("glob is anchored at both ends", "cm*", "acme", false),
                arguments("glob * matches an empty run", "acme*", "acme", true),
                arguments("glob * crosses /", "myorg/*", "myorg/sub/backend", true),
                arguments("glob ? is exactly one character", "a?b", "ab", false),
                arguments("glob ? matches /", "a?b", "a/b", true),
                arguments("glob escapes regex metacharacters", "(x)+[y]{1}|$^\\*", "(x)+[y]{1}|$^\\anything", true),
                arguments("glob is case-insensitive", "ACME/*", "acme/x", true),
                arguments("regex is an unanchored search", "/eat/", "feature-x", true),
                arguments("regex is case-insensitive", "/^FEAT/", "feature-x", true),
                arguments("regex anchors work inside", "/^main$/", "not-main", false),
                arguments("empty regex // matches everything", "//", "anything", true),
                arguments("regex inner text of 200 characters is compiled", "/" + "a".repeat(200) + "/", "a".repeat(200), true),
                arguments("regex inner text of 201 characters matches nothing", "/" + "a".repeat(201) + "/", "a".repeat(201), false),
                arguments("glob of 200 characters is compiled", "a".repeat(199) + "*", "a".repeat(205), true),
                arguments("glob of 201 characters matches nothing", "a".repeat(200) + "*", "a".repeat(205), false),
                arguments("plain has no length limit", "a".repeat(1000), "A".repeat(1000), true),
                arguments("invalid regex matches nothing", "/[/", "[", false),
                arguments("backreference (rejected by re2j) matches nothing", "/(a)\\1/", "aa", false),
                arguments("lookahead (rejected by re2j) matches nothing", "/foo(?=bar)/", "foobar", false),
                arguments("lookbehind (rejected by re2j) matches nothing", "/(?<=foo)bar/", "foobar", false),
                arguments("escaped slash inside a regex is literal", "/feat\\/x/", "feat/x", true),
                arguments("non-ASCII letters compare case-insensitively", "ÄRGER", "ärger", true));
    }

    @ParameterizedTest(name = "{0}: {1} vs {2} → {3}")
    @MethodSource("fieldPatterns")
    void fieldPattern(String description, String pattern, String value, boolean expected) {
        assertThat(MatchPattern.forField(pattern).matches(value)).as(description).isEqualTo(expected);
    }

    /** Keyword patterns run against the already lower-cased payload text. */
    static Stream<Arguments> keywordPatterns() {
        String body = "{\"head_commit\":{\"message\":\"auto deploy to prod\"},\"draft\":true}";
        return Stream.of(
                arguments("plain is a substring", "DEPLOY", body, true),
                arguments("plain is literal, not a glob or regex", "dep.oy", body, false),
                arguments("glob is an unanchored search", "dep*prod", body, true),
                arguments("glob does not match across missing text", "deploy*staging", body, false),
                arguments("regex is an unanchored search", "/deploy\\s+to/", body, true),
                arguments("regex is case-insensitive", "/DEPLOY/", body, true),
                arguments("compact JSON: no space after the colon", "\"draft\":true", body, true),
                arguments("a space after the colon never matches", "\"draft\": true", body, false),
                arguments("invalid regex matches nothing", "/(/", body, false),
                arguments("regex inner text over 200 matches nothing", "/" + "d".repeat(201) + "/", "d".repeat(300), false));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("keywordPatterns")
    void keywordPattern(String description, String pattern, String lowerCasedBody, boolean expected) {
        assertThat(MatchPattern.forKeyword(pattern).matches(lowerCasedBody)).as(description).isEqualTo(expected);
    }

    /**
     * {@code (a+)+$} against "aaa…ab" takes exponential time with a backtracking engine (java.util.regex,
     * JavaScript); re2j answers in linear time. The timeout only guards the build from hanging.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void catastrophicBacktrackingPatternFinishes() {
        String hostile = "a".repeat(50_000) + "b";

        assertThat(MatchPattern.forField("/(a+)+$/").matches(hostile)).isFalse();
        assertThat(MatchPattern.forKeyword("/(a+)+$/").matches(hostile)).isFalse();
        assertThat(MatchPattern.forField("/(a+)+$/").matches(hostile.substring(1, 50_000))).isTrue();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void catastrophicPatternInARouteFinishes() {
        Route route = RoutingExamples.route(RoutingExamples.f("keyword", "/(a+)+$/"), RoutingExamples.f("event", "push"));
        WebhookEvent event = RoutingExamples.event("push", "{\"head_commit\":{\"message\":\"" + "a".repeat(50_000) + "b\"}}");

        assertThat(RoutingExamples.fires(route, event)).isFalse();
    }
}
