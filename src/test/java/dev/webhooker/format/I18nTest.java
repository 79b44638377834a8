package dev.webhooker.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class I18nTest {

    private final InMemoryKvStore kv = new InMemoryKvStore();
    private final MutableClock clock = new MutableClock();
    private final I18n i18n = new I18n(kv, new ObjectMapper(), clock, Duration.ofSeconds(30));

    @Test
    void englishAndChineseHaveTheSameKeys() {
        Dictionary en = I18n.builtInOnly().builtIn("en");
        Dictionary zh = I18n.builtInOnly().builtIn("zh");

        assertThat(en.entries()).hasSizeGreaterThan(141);
        assertThat(zh.entries().keySet()).isEqualTo(en.entries().keySet());
    }

    @Test
    void everyTranslationUsesOnlyTheEnglishPlaceholders() {
        Dictionary en = I18n.builtInOnly().builtIn("en");
        Dictionary zh = I18n.builtInOnly().builtIn("zh");
        Pattern placeholder = Pattern.compile("\\{[A-Za-z0-9_]+}");

        en.entries().forEach((key, english) -> {
            List<String> expected = placeholder.matcher(english).results().map(r -> r.group()).sorted().distinct().toList();
            List<String> chinese = placeholder.matcher(zh.get(key)).results().map(r -> r.group()).sorted().distinct().toList();
            assertThat(chinese).as(key).isSubsetOf(expected);
        });
    }

    @Test
    void specKeysExistWithTheirEnglishText() {
        Translations en = I18n.builtInOnly().forLanguage("en");

        assertThat(en.t("events.push.title", Map.of("repo", "a/b", "count", 2, "s", "s", "ref", "`main`")))
                .isEqualTo("a/b: Pushed 2 commits to `main`");
        assertThat(en.t("actions.ready_for_review")).isEqualTo("Ready for Review");
        assertThat(en.t("actions.publicized")).isEqualTo("made public");
        assertThat(en.t("fields.branch_tag")).isEqualTo("Branch/Tag");
        assertThat(en.t("common.and_n_more", Map.of("count", 4))).isEqualTo("... and 4 more commits");
        assertThat(en.t("log.route_fail", Map.of("route", "R", "target", "1", "error", "x"))).isEqualTo("R → 1: x");
        assertThat(I18n.builtInOnly().forLanguage("zh").t("events.push.title",
                Map.of("repo", "a/b", "count", 2, "ref", "`main`"))).isEqualTo("a/b: 推送了 2 个提交到 `main`");
    }

    @Test
    void everyActionWordOfTheFixturesAndTheWeaknessListHasALabel() {
        Translations en = I18n.builtInOnly().forLanguage("en");
        for (String action : List.of("synchronize", "synchronized", "label_updated", "milestoned", "demilestoned",
                "reviewed", "review_requested", "review_request_removed", "auto_merge_enabled", "auto_merge_disabled",
                "enqueued", "dequeued", "prereleased", "released", "unpublished", "category_changed",
                "auto_dismissed", "auto_reopened", "reintroduced", "checks_requested", "rerequested", "in_progress",
                "queued", "waiting", "requested", "new_permissions_accepted", "suspend", "fixed", "dismissed")) {
            assertThat(en.has("actions." + action)).as(action).isTrue();
        }
    }

    @Test
    void missingKeysFallBackToEnglishThenToAHumanisedWord() {
        kv.entries.put("i18n:fr", "{\"actions\":{\"opened\":\"Ouvert\"}}");
        Translations fr = i18n.forLanguage("fr");

        assertThat(fr.t("actions.opened")).isEqualTo("Ouvert");
        assertThat(fr.t("actions.closed")).isEqualTo("Closed");
        assertThat(fr.t("events.nothing.like_this")).isEqualTo("Like this");
        assertThat(fr.action("on-demand-test")).isEqualTo("On demand test");
        assertThat(fr.word("status", "skipped")).isEqualTo("skipped");
    }

    @Test
    void unknownPlaceholdersAreDroppedAndValuesAreNotReExpanded() {
        kv.entries.put("i18n:en", "{\"events.ping.title\":\"{repo}: ping {nonsense}!\"}");
        Translations en = i18n.forLanguage("en");

        assertThat(en.t("events.ping.title", Map.of("repo", "{title}"))).isEqualTo("{title}: ping !");
    }

    @Test
    void overridesApplyToEnglishAndChinese_flatAndNested() {
        kv.entries.put("i18n:en", "{\"events.push.title\":\"{repo} got {count} pushes\"}");
        kv.entries.put("i18n:zh", "{\"actions\":{\"opened\":\"开启\"},\"fields.branch\":\"分支名\"}");

        assertThat(i18n.t("en", "events.push.title", Map.of("repo", "a/b", "count", 3))).isEqualTo("a/b got 3 pushes");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("开启");
        assertThat(i18n.t("zh", "fields.branch", Map.of())).isEqualTo("分支名");
        // Keys the override does not touch keep the built-in Chinese text.
        assertThat(i18n.t("zh", "actions.closed", Map.of())).isEqualTo("已关闭");
    }

    @Test
    void overridesAreCachedBriefly() {
        kv.entries.put("i18n:zh", "{\"actions.opened\":\"甲\"}");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("甲");
        int readsAfterFirst = kv.reads;

        kv.entries.put("i18n:zh", "{\"actions.opened\":\"乙\"}");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("甲");
        assertThat(kv.reads).isEqualTo(readsAfterFirst);

        clock.advance(Duration.ofSeconds(31));
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("乙");
    }

    @Test
    void brokenOverridesAndABrokenStoreFallBackToBuiltIns() {
        kv.entries.put("i18n:zh", "not json");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("已打开");

        InMemoryKvStore down = new InMemoryKvStore();
        down.broken = true;
        I18n withBrokenStore = new I18n(down, new ObjectMapper(), clock, Duration.ofSeconds(30));
        assertThat(withBrokenStore.t("zh", "actions.opened", Map.of())).isEqualTo("已打开");
    }

    @Test
    void languageTagsAreNormalised() {
        I18n builtIn = I18n.builtInOnly();

        assertThat(builtIn.t("zh-CN", "common.unknown", Map.of())).isEqualTo("未知");
        assertThat(builtIn.t(null, "common.unknown", Map.of())).isEqualTo("unknown");
        assertThat(builtIn.t("../../etc", "common.unknown", Map.of())).isEqualTo("unknown");
    }

    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
