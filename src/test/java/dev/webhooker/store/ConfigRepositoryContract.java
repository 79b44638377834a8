package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.FilterNode;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;

import dev.webhooker.testsupport.DatabaseContract;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;

/** The same contract on every database kind; subclasses say which. One database per class, emptied per test. */
abstract class ConfigRepositoryContract extends DatabaseContract {

    private ConfigRepository repository;

    @BeforeEach
    void emptyTables() {
        jdbc.update("DELETE FROM d1_routes");
        jdbc.update("DELETE FROM chat_claims");
        jdbc.update("DELETE FROM d1_groups");
        repository = ConfigRepository.on(dataSource);
    }

    static Group group(String id) {
        return new Group(id, "Group " + id, List.of(new Group.Member("alice", "owner")), List.of("alice"), List.of(), List.of(),
                null, true, List.of(), null, null, false);
    }

    static Route route(String id, String groupId) {
        return new Route(id, groupId, "Route " + id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("100000000000000001", null)), false, false, List.of());
    }

    private List<String> routeKeys() {
        return repository.load().routes().stream().map(r -> r.groupId() + "/" + r.id()).toList();
    }

    @Test
    void anEmptyDatabaseLoadsAsEmpty() {
        assertThat(repository.isEmpty()).isTrue();
        ConfigSnapshot snapshot = repository.load();
        assertThat(snapshot.groups()).isEmpty();
        assertThat(snapshot.routes()).isEmpty();
    }

    @Test
    void replaceKeepsTheSubmittedOrderAndStoresPositions() {
        repository.replaceAll(List.of(group("zeta"), group("alpha")),
                List.of(route("z-last", "alpha"), route("a-first", "zeta"), route("m", "alpha")));

        ConfigSnapshot loaded = repository.load();
        assertThat(loaded.groups()).extracting(Group::id).containsExactly("zeta", "alpha");
        assertThat(routeKeys()).containsExactly("alpha/z-last", "zeta/a-first", "alpha/m");
        assertThat(jdbc.queryForList("SELECT position FROM d1_routes ORDER BY id", Integer.class)).containsExactly(1, 2, 0);
        assertThat(jdbc.queryForList("SELECT position FROM d1_groups ORDER BY id", Integer.class)).containsExactly(1, 0);
        assertThat(repository.isEmpty()).isFalse();
    }

    @Test
    void everyFieldSurvivesTheDatabase() {
        Group full = new Group("team", "Team", List.of(new Group.Member("alice", "owner"), new Group.Member("bob", "viewer")),
                List.of("alice"), List.of("myorg"), List.of("github"), 77L, false,
                List.of(new Group.ForgeSource("git.example.com", "gitea", "Example")), "zh", new TelegramTarget("-100", "5"), true);
        Route tree = new Route("tree", "team", "Tree", false, List.of(new Filter("repo", List.of("a/*", "/b/"), true)),
                new FilterNode.Any(List.of(new FilterNode.Not(new FilterNode.Leaf(new Filter("actor", List.of("bot"), false))))),
                List.of(new DiscordTarget("100000000000000001", "200000000000000002"), new TelegramTarget("-3", null)), true, true, List.of("900000000000000009", "800000000000000008"));

        repository.replaceAll(List.of(full), List.of(tree));

        assertThat(repository.load().groups()).containsExactly(full);
        assertThat(repository.load().routes()).containsExactly(tree);
        Map<String, Object> row = jdbc.queryForMap("SELECT enabled, stop, fallback, discord_role_ids, targets FROM d1_routes");
        assertThat(((Number) row.get("enabled")).intValue()).isZero();
        assertThat(((Number) row.get("stop")).intValue()).isOne();
        assertThat(((Number) row.get("fallback")).intValue()).isOne();
        assertThat(row.get("discord_role_ids")).isEqualTo("[\"900000000000000009\",\"800000000000000008\"]");
        assertThat(row.get("targets")).isEqualTo("[{\"platform\":\"discord\",\"channelId\":\"100000000000000001\",\"threadId\":\"200000000000000002\"},"
                + "{\"platform\":\"telegram\",\"chatId\":\"-3\"}]");
        assertThat(jdbc.queryForObject("SELECT name FROM d1_groups", String.class)).isEqualTo("Team");
    }

    @Test
    void replaceUpdatesChangedRowsInPlaceAndLeavesOthersAlone() {
        repository.replaceAll(List.of(group("g")), List.of(route("a", "g"), route("b", "g")));
        long createdA = jdbc.queryForObject("SELECT created_at FROM d1_routes WHERE id = 'a'", Long.class);

        Route renamed = new Route("a", "g", "Renamed", true, route("a", "g").filters(), null, route("a", "g").targets(), false, false, List.of());
        repository.replaceAll(List.of(group("g")), List.of(renamed, route("b", "g")));

        assertThat(repository.load().routes()).extracting(Route::name).containsExactly("Renamed", "Route b");
        assertThat(jdbc.queryForObject("SELECT created_at FROM d1_routes WHERE id = 'a'", Long.class)).isEqualTo(createdA);
        assertThat(jdbc.queryForObject("SELECT version FROM d1_routes WHERE id = 'a'", Integer.class)).isEqualTo(2);
        assertThat(jdbc.queryForObject("SELECT version FROM d1_routes WHERE id = 'b'", Integer.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT version FROM d1_groups WHERE id = 'g'", Integer.class)).isEqualTo(1);
    }

    @Test
    void reorderingOnlyMovesPositions() {
        repository.replaceAll(List.of(group("g")), List.of(route("a", "g"), route("b", "g"), route("c", "g")));

        repository.replaceAll(List.of(group("g")), List.of(route("c", "g"), route("a", "g"), route("b", "g")));

        assertThat(routeKeys()).containsExactly("g/c", "g/a", "g/b");
    }

    @Test
    void replaceDeletesWhatIsGoneAndNothingElse() {
        repository.replaceAll(List.of(group("keep"), group("drop")),
                List.of(route("a", "keep"), route("a", "drop"), route("b", "keep")));

        repository.replaceAll(List.of(group("keep")), List.of(route("b", "keep")));

        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("keep");
        assertThat(routeKeys()).containsExactly("keep/b");
    }

    @Test
    void everyInsertRecordsWhereTheRowCameFromAndUpdatesKeepIt() {
        repository.replaceAll(List.of(group("imported")), List.of(route("a", "imported")), ConfigOrigin.IMPORT, null, () -> { });
        repository.createGroup(group("made"));
        repository.addRoute(route("b", "made"), () -> { });
        repository.addRoute(route("c", "made"), ConfigOrigin.CHAT, () -> { }, ConfigRepository.NO_TENANT_LIMIT);
        Group renamedGroup = new Group("imported", "Renamed", group("imported").members(), List.of("alice"), List.of(), List.of(),
                null, true, List.of(), null, null, false);
        repository.replaceAll(List.of(renamedGroup, group("made")), repository.load().routes());
        repository.renameGroup("made", "moved", () -> { });

        assertThat(repository.groupOrigins()).containsExactlyInAnyOrderEntriesOf(Map.of("imported", ConfigOrigin.IMPORT,
                "moved", ConfigOrigin.CONSOLE));
        assertThat(repository.groupOrigin("moved")).contains(ConfigOrigin.CONSOLE);
        assertThat(repository.routeOrigins()).isEqualTo(Map.of("imported", Map.of("a", ConfigOrigin.IMPORT),
                "moved", Map.of("b", ConfigOrigin.CONSOLE, "c", ConfigOrigin.CHAT)));
    }

    @Test
    void aRowFromBeforeOriginsWereRecordedHasNone() {
        repository.replaceAll(List.of(group("old")), List.of(route("a", "old")));
        jdbc.update("UPDATE d1_groups SET source = NULL");
        jdbc.update("UPDATE d1_routes SET source = NULL");

        assertThat(repository.groupOrigin("old")).isEmpty();
        assertThat(repository.groupOrigins()).containsEntry("old", null);
        assertThat(repository.routeOrigins().get("old")).containsEntry("a", null);
    }

    @Test
    void aScopedWriteLeavesTheGroupsItDoesNotManageUntouched() {
        repository.replaceAll(List.of(group("console"), group("filed"), group("dropped")),
                List.of(route("a", "console"), route("b", "filed"), route("c", "dropped")), ConfigOrigin.FILE, null, () -> { });
        jdbc.update("UPDATE d1_groups SET source = 'console' WHERE id = 'console'");
        List<String> deleted = new java.util.ArrayList<>();
        repository.addGroupDeletionListener(deleted::add);
        Map<String, Object> consoleRow = jdbc.queryForMap("SELECT version, position, updated_at FROM d1_groups WHERE id = 'console'");
        Map<String, Object> consoleRoute = jdbc.queryForMap("SELECT version, position, updated_at FROM d1_routes WHERE id = 'a'");

        ConfigRepository.ManagedGroups file = (id, origin) -> origin == ConfigOrigin.FILE;
        repository.replaceAll(List.of(group("filed"), group("new")), List.of(route("d", "new")), ConfigOrigin.FILE, file, null, () -> { });

        assertThat(repository.load().groups()).extracting(Group::id).containsExactlyInAnyOrder("console", "filed", "new");
        assertThat(routeKeys()).containsExactlyInAnyOrder("console/a", "new/d");
        assertThat(deleted).containsExactly("dropped");
        assertThat(jdbc.queryForMap("SELECT version, position, updated_at FROM d1_groups WHERE id = 'console'")).isEqualTo(consoleRow);
        assertThat(jdbc.queryForMap("SELECT version, position, updated_at FROM d1_routes WHERE id = 'a'")).isEqualTo(consoleRoute);
        assertThat(repository.groupOrigin("console")).contains(ConfigOrigin.CONSOLE);
    }

    @Test
    void theConfigFileTakesOverWhatItWritesAndNothingElse() {
        repository.replaceAll(List.of(group("mine"), group("other")), List.of(route("a", "mine"), route("b", "other")));

        repository.replaceAll(List.of(group("mine")), List.of(route("a", "mine")), ConfigOrigin.FILE,
                (id, origin) -> id.equals("mine"), null, () -> { });

        assertThat(repository.groupOrigins()).isEqualTo(Map.of("mine", ConfigOrigin.FILE, "other", ConfigOrigin.CONSOLE));
        assertThat(repository.routeOrigins()).isEqualTo(Map.of("mine", Map.of("a", ConfigOrigin.FILE), "other", Map.of("b", ConfigOrigin.CONSOLE)));
    }

    @Test
    void aScopedWriteRefusesARouteIntoAGroupItLeavesAloneAndValidatesTheWhole() {
        repository.replaceAll(List.of(group("console")), List.of(route("a", "console")));
        long revision = repository.revision();
        ConfigRepository.ManagedGroups file = (id, origin) -> origin == ConfigOrigin.FILE;

        assertThatThrownBy(() -> repository.replaceAll(List.of(group("filed")), List.of(route("x", "console")), ConfigOrigin.FILE, file,
                null, () -> { }))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("groupId").hasMessageContaining("\"console\"");
        Group nameless = new Group("filed", "", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
        assertThatThrownBy(() -> repository.replaceAll(List.of(nameless), List.of(), ConfigOrigin.FILE, file, null, () -> { }))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("name");
        assertThatThrownBy(() -> repository.replaceAll(List.of(group("console")), List.of(), ConfigOrigin.FILE, file, null, () -> { }))
                .isInstanceOf(IllegalArgumentException.class);

        assertThat(repository.revision()).isEqualTo(revision);
        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("console");
    }

    @Test
    void aRouteCanMoveToAnotherGroup() {
        repository.replaceAll(List.of(group("one"), group("two")), List.of(route("r", "one")));

        repository.replaceAll(List.of(group("one"), group("two")), List.of(route("r", "two")));

        assertThat(routeKeys()).containsExactly("two/r");
    }

    @Test
    void anInvalidReplaceWritesNothing() {
        repository.replaceAll(List.of(group("g")), List.of(route("a", "g")));
        long revision = repository.revision();

        assertThatThrownBy(() -> repository.replaceAll(List.of(group("other")), List.of(route("a", "g"))))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("routes[0] (id \"a\", group \"g\"): groupId: unknown group \"g\"");

        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("g");
        assertThat(routeKeys()).containsExactly("g/a");
        assertThat(repository.revision()).isEqualTo(revision);
    }

    @Test
    void deletingAGroupNeverCascadesIntoItsRoutes() {
        repository.replaceAll(List.of(group("g")), List.of(route("a", "g")));

        assertThatThrownBy(() -> jdbc.update("DELETE FROM d1_groups WHERE id = 'g'"))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThat(routeKeys()).containsExactly("g/a");
    }

    @Test
    void bindInstallationSetsTheIdOnTheListedGroupsOnly() {
        repository.replaceAll(List.of(group("a"), group("b"), group("c")), List.of());

        repository.bindInstallation(List.of("a", "c"), 4242L);

        assertThat(repository.load().groups()).extracting(Group::installationId).containsExactly(4242L, null, 4242L);
        assertThat(jdbc.queryForObject("SELECT version FROM d1_groups WHERE id = 'a'", Integer.class)).isEqualTo(2);
    }

    @Test
    void chatClaimsAreKeptPerGroupAndChatAndGoOrMoveWithTheirGroup() {
        repository.replaceAll(List.of(group("a"), group("b")), List.of(route("r", "a")));
        ChatClaim telegram = new ChatClaim("b", "telegram", "-1001234", "Team_News", ChatClaim.Via.CHAT, "telegram:5", 0);

        assertThat(repository.claimChat(telegram, () -> { })).isTrue();
        assertThat(repository.claimChat(telegram, () -> { })).as("claimed before").isFalse();
        ChatConsent consent = repository.load().consent();
        assertThat(consent.allows("a", new DiscordTarget("100000000000000001", null))).as("the operator's write").isTrue();
        assertThat(consent.allows("b", new TelegramTarget("@team_news", "3"))).isTrue();
        assertThat(consent.allows("a", new TelegramTarget("-1001234", null))).isFalse();

        assertThat(repository.revokeChat("b", "telegram", "@TEAM_NEWS", () -> { })).isTrue();
        assertThat(repository.revokeChat("b", "telegram", "-1001234", () -> { })).isFalse();
        assertThat(repository.load().consent().allows("b", new TelegramTarget("-1001234", null))).isFalse();

        repository.renameGroup("a", "a2", () -> { });
        assertThat(repository.load().consent().allows("a2", new DiscordTarget("100000000000000001", null))).isTrue();
        repository.replaceAll(List.of(group("b")), List.of());
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM chat_claims", Integer.class)).as("gone with its group").isZero();
        assertThatThrownBy(() -> repository.claimChat(new ChatClaim("nope", "discord", "100000000000000001", null,
                ChatClaim.Via.OPERATOR, "root", 0), () -> { })).isInstanceOf(java.util.NoSuchElementException.class);
    }

    @Test
    void bindingAnInstallationTakesItFromTheGroupThatHadIt() {
        repository.replaceAll(List.of(group("a"), group("b"), group("c")), List.of());
        repository.bindInstallation(List.of("a"), 4242L);
        repository.bindInstallation(List.of("c"), 7L);

        repository.bindInstallation(List.of("b"), 4242L);

        assertThat(repository.load().groups()).extracting(g -> g.id() + "=" + g.installationId())
                .containsExactly("a=null", "b=4242", "c=7");
    }

    @Test
    void unbindInstallationClearsExactlyTheGroupsBoundToIt() {
        repository.replaceAll(List.of(group("a"), group("b"), group("c")), List.of());
        repository.bindInstallation(List.of("a", "c"), 4242L);
        repository.bindInstallation(List.of("b"), 7L);

        assertThat(repository.unbindInstallation(4242L)).containsExactly("a", "c");

        assertThat(repository.load().groups()).extracting(Group::installationId).containsExactly(null, 7L, null);
        assertThat(repository.load().groups().get(0)).isEqualTo(group("a"));
        assertThat(jdbc.queryForObject("SELECT version FROM d1_groups WHERE id = 'a'", Integer.class)).isEqualTo(3);
        assertThat(repository.unbindInstallation(4242L)).isEmpty();
    }

    @Test
    void bindInstallationWithAnUnknownGroupChangesNothing() {
        repository.replaceAll(List.of(group("a")), List.of());

        assertThatThrownBy(() -> repository.bindInstallation(List.of("a", "missing"), 5L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"missing\"");

        assertThat(repository.load().groups()).extracting(Group::installationId).containsOnlyNulls();
    }

    @Test
    void createGroupAppendsAtTheEnd() {
        repository.replaceAll(List.of(group("b"), group("a")), List.of(route("r", "a")));
        Group provisioned = new Group("inst-9", "octo-org", List.of(), List.of(), List.of(), List.of(), 9L, true, List.of(), null, null, false);

        Group stored = repository.createGroup(provisioned);

        assertThat(stored).isEqualTo(provisioned);
        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("b", "a", "inst-9");
        assertThat(routeKeys()).containsExactly("a/r");
    }

    @Test
    void createGroupRefusesATakenIdOrAnInvalidGroup() {
        repository.replaceAll(List.of(group("a")), List.of());

        assertThatThrownBy(() -> repository.createGroup(group("a")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("group (id \"a\"): id: duplicate group id \"a\"");
        assertThatThrownBy(() -> repository.createGroup(group("Bad Id")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("id: invalid id");
        assertThat(repository.load().groups()).hasSize(1);
    }

    private static Group ownedBy(String id, String userId) {
        return new Group(id, "Group " + id, List.of(new Group.Member("user" + userId, "owner", userId)), List.of(), List.of(), List.of(),
                null, true, List.of(), null, null, false);
    }

    @Test
    void aUserCreatesGroupsUpToTheirLimitCountingTheGroupsTheyOwn() {
        repository.replaceAll(List.of(ownedBy("mine-1", "7"), group("alices"),
                new Group("viewed", "Viewed", List.of(new Group.Member("alice", "owner"), new Group.Member("user7", "viewer", "7")), List.of(), List.of(), List.of(), null, true,
                        List.of(), null, null, false)), List.of());

        repository.createGroup(ownedBy("mine-2", "7"), () -> { }, "7", 2);
        assertThatThrownBy(() -> repository.createGroup(ownedBy("mine-3", "7"), () -> { }, "7", 2))
                .isInstanceOf(TenantLimitException.class)
                .hasMessageContaining("user 7 already owns 2 groups").hasMessageContaining("MAX_GROUPS_PER_USER")
                .extracting(e -> ((TenantLimitException) e).setting()).isEqualTo("MAX_GROUPS_PER_USER");
        repository.createGroup(ownedBy("theirs", "8"), () -> { }, "8", 1);
        repository.createGroup(ownedBy("by-an-operator", "7"));

        assertThat(repository.load().groups()).extracting(Group::id)
                .containsExactly("mine-1", "alices", "viewed", "mine-2", "theirs", "by-an-operator");
    }

    @Test
    void aGroupTakesRoutesUpToItsLimitOthersAndTheOperatorAreNotHeldByIt() {
        repository.replaceAll(List.of(group("a"), group("b")), List.of(route("1", "a"), route("2", "a"), route("1", "b")));

        assertThatThrownBy(() -> repository.addRoute(route("3", "a"), () -> { }, 2))
                .isInstanceOf(TenantLimitException.class)
                .hasMessage("group \"a\" may hold at most 2 routes (MAX_ROUTES_PER_GROUP)");
        repository.addRoute(route("2", "b"), () -> { }, 2);
        repository.addRoute(route("3", "a"), () -> { });

        assertThat(routeKeys()).containsExactly("a/1", "a/2", "b/1", "b/2", "a/3");
    }

    @Test
    void everyWriteBumpsTheRevisionAndNotifiesListeners() {
        AtomicInteger notified = new AtomicInteger();
        repository.addChangeListener(notified::incrementAndGet);
        long start = repository.revision();

        repository.replaceAll(List.of(group("a")), List.of());
        repository.bindInstallation(List.of("a"), 1L);
        repository.createGroup(group("b"));

        assertThat(repository.revision()).isEqualTo(start + 3);
        assertThat(notified).hasValue(3);
    }

    @Test
    void snapshotsFollowWritesAndCountOnlyRealChanges() {
        ConfigSnapshots snapshots = new ConfigSnapshots(repository);
        repository.addChangeListener(snapshots::refresh);
        assertThat(snapshots.current().version()).isZero();

        repository.replaceAll(List.of(group("a")), List.of(route("r", "a")));
        ConfigSnapshot first = snapshots.current();
        assertThat(first.version()).isEqualTo(1);
        assertThat(first.routes()).extracting(Route::id).containsExactly("r");

        repository.replaceAll(List.of(group("a")), List.of(route("r", "a")));
        assertThat(snapshots.current()).isSameAs(first);

        // a write by "another instance" (no listener here) arrives through the revision check
        ConfigRepository.on(dataSource).replaceAll(List.of(group("a")), List.of());
        assertThat(snapshots.current()).isSameAs(first);
        assertThat(snapshots.refreshIfStale().version()).isEqualTo(2);
        assertThat(snapshots.current().routes()).isEmpty();
        assertThat(first.routes()).hasSize(1);
    }
}
