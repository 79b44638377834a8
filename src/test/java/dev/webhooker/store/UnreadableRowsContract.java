package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.secrets.SecretBox;
import dev.webhooker.testsupport.DatabaseContract;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.webhook.WebhookTarget;

/**
 * An instance whose key does not open what another sealed (here: a repository given a seal with another key, as an
 * instance past the start-up key check would be) reads the other groups, reports the rows it cannot read, and no
 * write through it deletes or replaces them.
 */
abstract class UnreadableRowsContract extends DatabaseContract {

    private static final String KEY = "the key every instance of this deployment has";
    private static final String OTHER_KEY = "a mistyped key on one instance of the deployment";
    private static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);

    private ConfigRepository right;
    private ConfigRepository wrong;

    @BeforeEach
    void twoInstances() {
        jdbc.update("DELETE FROM chat_claims");
        jdbc.update("DELETE FROM d1_routes");
        jdbc.update("DELETE FROM d1_groups");
        right = repository(new SecretBox(KEY, null));
        wrong = repository(new SecretBox(OTHER_KEY, null));
        right.replaceAll(List.of(group("alpha"), group("beta")),
                List.of(chatRoute("a1", "alpha"), chatRoute("a2", "alpha"), webhookRoute("b1", "beta"), chatRoute("b2", "beta")));
    }

    private ConfigRepository repository(SecretBox box) {
        return new ConfigRepository(jdbc, new DataSourceTransactionManager(dataSource), Clock.systemUTC(), box);
    }

    @Test
    void rowsItCannotOpenAreLeftOutAndReportedTheOthersAreRead() {
        ConfigSnapshot seen = wrong.load();

        assertThat(seen.groups()).extracting(Group::id).containsExactly("alpha", "beta");
        assertThat(seen.routes()).extracting(Route::id).containsExactly("a1", "a2", "b2");
        assertThat(wrong.unreadableRows()).extracting(UnreadableRow::describe).containsExactly("route \"b1\" of group \"beta\"");
        assertThat(wrong.unreadableRows().get(0).reason()).contains("cannot open").doesNotContain(SECRET);
        assertThatThrownBy(() -> new ConfigReadHealth(wrong).check()).hasMessageContaining("route \"b1\" of group \"beta\"");
        assertThat(new ConfigReadHealth(wrong).health().getStatus().getCode()).isEqualTo("DOWN");

        right.load();
        assertThat(right.unreadableRows()).isEmpty();
        new ConfigReadHealth(right).check();
        assertThat(new ConfigReadHealth(right).health().getStatus().getCode()).isEqualTo("UP");
    }

    @Test
    void anOwnerSavingTheirRoutesUnchangedThroughItDeletesNoOtherGroupsRoute() {
        Map<String, Object> before = stored();
        ConfigSnapshot current = wrong.load();
        // what PUT /admin/api/groups/alpha/routes builds: alpha's routes as submitted, every other route as read
        List<Route> result = new ArrayList<>(current.routes());

        assertThatThrownBy(() -> wrong.replaceAll(current.groups(), result, current.version(), () -> { }))
                .isInstanceOfSatisfying(UnreadableConfigException.class, e -> {
                    assertThat(e.rows()).extracting(UnreadableRow::describe).containsExactly("route \"b1\" of group \"beta\"");
                    assertThat(e.getMessage()).startsWith("nothing was written").contains("route \"b1\" of group \"beta\"");
                });

        assertThat(stored()).isEqualTo(before);
        assertThat(right.load().routes()).extracting(Route::id).containsExactly("a1", "a2", "b1", "b2");
        assertThat(right.load().routes().get(2)).isEqualTo(webhookRoute("b1", "beta"));
    }

    @Test
    void aWriteNamingTheUnreadableRowDoesNotReplaceItUnseen() {
        Map<String, Object> before = stored();
        ConfigSnapshot current = wrong.load();
        List<Route> result = new ArrayList<>(current.routes());
        result.add(chatRoute("b1", "beta"));

        assertThatThrownBy(() -> wrong.replaceAll(current.groups(), result)).isInstanceOf(UnreadableConfigException.class);
        assertThatThrownBy(() -> wrong.replaceAll(List.of(group("alpha")), current.routes().stream()
                .filter(r -> r.groupId().equals("alpha")).toList())).isInstanceOf(UnreadableConfigException.class);

        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void deletingTheGroupOfAnUnreadableRouteIsRefused() {
        int version = wrong.findGroup("beta").orElseThrow().version();

        assertThatThrownBy(() -> wrong.deleteGroup("beta", version, () -> { })).isInstanceOf(UnreadableConfigException.class);

        assertThat(right.load().routes()).extracting(Route::id).containsExactly("a1", "a2", "b1", "b2");
        right.deleteGroup("beta", version, () -> { });
        assertThat(right.load().groups()).extracting(Group::id).containsExactly("alpha");
    }

    @Test
    void aDamagedGroupRowIsLeftOutAndNeitherDeletedNorReplaced() {
        right.createGroup(group("gamma"));
        jdbc.update("UPDATE d1_groups SET data = '{\"id\":\"gamma\",\"members\":' WHERE id = 'gamma'");
        Map<String, Object> before = stored();

        assertThat(wrong.load().groups()).extracting(Group::id).containsExactly("alpha", "beta");
        assertThat(wrong.unreadableRows()).extracting(UnreadableRow::describe)
                .containsExactly("group \"gamma\"", "route \"b1\" of group \"beta\"");
        assertThatThrownBy(() -> right.deleteGroup("gamma", 1, () -> { })).isInstanceOf(UnreadableConfigException.class);
        assertThatThrownBy(() -> right.replaceAll(List.of(group("alpha"), group("beta"), group("gamma")), right.load().routes()))
                .isInstanceOf(UnreadableConfigException.class);

        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void writesOfSingleRowsItCanReadStillWork() {
        ConfigRepository.VersionedRoute a1 = wrong.findRoute("alpha", "a1").orElseThrow();
        Route renamed = new Route("a1", "alpha", "Renamed", true, a1.route().filters(), null, a1.route().targets(), false, false, List.of());

        wrong.updateRoute(renamed, a1.version(), () -> { });

        assertThat(right.load().routes()).extracting(Route::name).containsExactly("Renamed", "Route a2", "Route b1", "Route b2");
    }

    @Test
    void withThePreviousKeyEverythingIsReadAndWritable() {
        wrong.load();
        ConfigRepository rotated = repository(new SecretBox(OTHER_KEY, KEY));

        ConfigSnapshot seen = rotated.load();
        rotated.replaceAll(seen.groups(), seen.routes());

        assertThat(rotated.unreadableRows()).isEmpty();
        assertThat(rotated.load().routes()).extracting(Route::id).containsExactly("a1", "a2", "b1", "b2");
        assertThat(rotated.load().routes().get(2)).isEqualTo(webhookRoute("b1", "beta"));
    }

    @Test
    void eachUnreadableRowIsLoggedOnce() {
        try (LogCapture log = new LogCapture(ConfigRepository.class)) {
            wrong.load();
            wrong.load();
            wrong.load();

            assertThat(log.lines()).filteredOn(line -> line.startsWith("ERROR")).hasSize(1)
                    .allSatisfy(line -> assertThat(line).contains("route \"b1\" of group \"beta\" cannot be read by this instance"));
        }
    }

    private Map<String, Object> stored() {
        return Map.of(
                "groups", jdbc.queryForList("SELECT id, data, version FROM d1_groups ORDER BY id"),
                "routes", jdbc.queryForList("SELECT id, group_id, targets, version, position FROM d1_routes ORDER BY group_id, id"));
    }

    private static Group group(String id) {
        return new Group(id, "Group " + id, List.of(new Group.Member("alice", "owner")), List.of("alice"), List.of(), List.of(),
                null, true, List.of(), null, null, false);
    }

    private static Route chatRoute(String id, String groupId) {
        return new Route(id, groupId, "Route " + id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("123456789012345678", null)), false, false, List.of());
    }

    private static Route webhookRoute(String id, String groupId) {
        return new Route(id, groupId, "Route " + id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/ci", List.of(SECRET), Map.of(),
                        WebhookTarget.BodyFormat.EVENT, null))), false, false, List.of());
    }
}
