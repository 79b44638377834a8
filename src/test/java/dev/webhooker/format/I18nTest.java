package dev.webhooker.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import javax.sql.DataSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class I18nTest {

    /** The embedded KV store (kv_entries) on one H2 database for the class, emptied before each test. */
    private static DataSource database;
    private static SqlKvStore kv;

    private final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final I18n i18n = new I18n(kv, new ObjectMapper(), clock, Duration.ofSeconds(30));

    @BeforeAll
    static void kvStore() {
        database = TestDatabases.h2();
        kv = new SqlKvStore(database, DatabaseUrl.Vendor.H2, Clock.systemUTC());
    }

    @BeforeEach
    void noOverrides() {
        new JdbcTemplate(database).update("DELETE FROM kv_entries");
    }

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
        kv.put("i18n:fr", "{\"actions\":{\"opened\":\"Ouvert\"}}", null);
        Translations fr = i18n.forLanguage("fr");

        assertThat(fr.t("actions.opened")).isEqualTo("Ouvert");
        assertThat(fr.t("actions.closed")).isEqualTo("Closed");
        assertThat(fr.t("events.nothing.like_this")).isEqualTo("Like this");
        assertThat(fr.action("on-demand-test")).isEqualTo("On demand test");
        assertThat(fr.word("status", "skipped")).isEqualTo("skipped");
    }

    @Test
    void unknownPlaceholdersAreDroppedAndValuesAreNotReExpanded() {
        kv.put("i18n:en", "{\"events.ping.title\":\"{repo}: ping {nonsense}!\"}", null);
        Translations en = i18n.forLanguage("en");

        assertThat(en.t("events.ping.title", Map.of("repo", "{title}"))).isEqualTo("{title}: ping !");
    }

    @Test
    void overridesApplyToEnglishAndChinese_flatAndNested() {
        kv.put("i18n:en", "{\"events.push.title\":\"{repo} got {count} pushes\"}", null);
        kv.put("i18n:zh", "{\"actions\":{\"opened\":\"开启\"},\"fields.branch\":\"分支名\"}", null);

        assertThat(i18n.t("en", "events.push.title", Map.of("repo", "a/b", "count", 3))).isEqualTo("a/b got 3 pushes");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("开启");
        assertThat(i18n.t("zh", "fields.branch", Map.of())).isEqualTo("分支名");
        // Keys the override does not touch keep the built-in Chinese text.
        assertThat(i18n.t("zh", "actions.closed", Map.of())).isEqualTo("已关闭");
    }

    @Test
    void overridesAreCachedBriefly() {
        kv.put("i18n:zh", "{\"actions.opened\":\"甲\"}", null);
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("甲");

        // within the TTL the store is not read again: neither a changed nor a removed override shows
        kv.put("i18n:zh", "{\"actions.opened\":\"乙\"}", null);
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("甲");
        kv.delete("i18n:zh");
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("甲");
        kv.put("i18n:zh", "{\"actions.opened\":\"乙\"}", null);

        clock.advance(Duration.ofSeconds(31));
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("乙");
    }

    @Test
    void brokenOverridesAndABrokenStoreFallBackToBuiltIns() {
        kv.put("i18n:zh", "not json", null);
        assertThat(i18n.t("zh", "actions.opened", Map.of())).isEqualTo("已打开");

        // a store that fails every read: its database was never migrated, so kv_entries is missing
        SqlKvStore down = new SqlKvStore(new DriverManagerDataSource("jdbc:h2:mem:i18n-no-kv-table"), DatabaseUrl.Vendor.H2,
                Clock.systemUTC());
        assertThatThrownBy(() -> down.get("i18n:zh")).isInstanceOf(RuntimeException.class);
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
}
