package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.ChatConsent;

import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;

/** Migration 14.2 on a database as the version before left it: what was sent before the upgrade is still sent. */
class ExistingTargetsConsentTest {

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void everyChatAGroupAlreadyTargetedKeepsTakingItsMessages(TestDatabases.Kind kind) {
        DataSource ds = TestDatabases.before(kind, "14.1");
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        jdbc.update("INSERT INTO d1_groups (id, name, data, version, created_at, updated_at, position) VALUES ('team', 'Team', ?, 1, 0, 0, 0)",
                "{\"id\":\"team\",\"name\":\"Team\",\"logTarget\":{\"platform\":\"telegram\",\"chatId\":\"@Team_News\"}}");
        jdbc.update("INSERT INTO d1_groups (id, name, data, version, created_at, updated_at, position) VALUES ('ops', 'Ops', ?, 1, 0, 0, 1)",
                "{\"id\":\"ops\",\"name\":\"Ops\"}");
        route(jdbc, "pushes", "team", "[{\"platform\":\"discord\",\"channelId\":\"222222222222222222\"},"
                + "{\"platform\":\"discord\",\"channelId\":\"222222222222222222\",\"threadId\":\"333333333333333333\"},"
                + "{\"platform\":\"telegram\",\"chatId\":\"-1001234\",\"topicId\":\"7\"},"
                + "{\"platform\":\"slack\",\"channelId\":\"C0123ABCD\"},"
                + "{\"platform\":\"slack\",\"url\":\"v1:sealed\"},"
                + "{\"platform\":\"webhook\",\"url\":\"https://hooks.example.com/x\"}]");
        route(jdbc, "broken", "ops", "not json");

        TestDatabases.upgrade(ds, kind);

        assertThat(jdbc.queryForList("SELECT group_id || ' ' || platform || ' ' || chat_id || ' ' || granted_via FROM chat_claims",
                String.class)).containsExactlyInAnyOrder(
                "team discord 222222222222222222 upgrade", "team discord 333333333333333333 upgrade",
                "team telegram -1001234 upgrade", "team slack C0123ABCD upgrade", "team telegram @team_news upgrade");
        ChatConsent consent = ConfigRepository.on(ds).load().consent();
        assertThat(consent.allows("team", new DiscordTarget("222222222222222222", "333333333333333333"))).isTrue();
        assertThat(consent.allows("team", new TelegramTarget("@team_news", null))).isTrue();
        assertThat(consent.allows("ops", new DiscordTarget("222222222222222222", null))).as("another group's chat").isFalse();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM chat_claims", Integer.class)).isEqualTo(5);
    }

    private static void route(JdbcTemplate jdbc, String id, String groupId, String targets) {
        jdbc.update("INSERT INTO d1_routes (id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast, version, "
                + "created_at, updated_at, position) VALUES (?, ?, ?, 1, '[]', ?, 0, 0, NULL, NULL, 1, 0, 0, 0)", id, groupId, id, targets);
    }
}
