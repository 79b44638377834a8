package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.format.EventFormatters;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.format.TemplateCheck;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.platform.discord.DiscordTarget;

/** The file modes against the embedded H2 database (one per class, emptied per test). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConfigFileSyncTest {

    @TempDir
    Path dir;

    private DataSource dataSource;
    private ConfigRepository repository;
    private Path file;

    @BeforeAll
    void database() {
        dataSource = TestDatabases.h2();
    }

    @AfterAll
    void close() throws Exception {
        ((AutoCloseable) dataSource).close();
    }

    @BeforeEach
    void empty() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("DELETE FROM d1_routes");
        jdbc.update("DELETE FROM chat_claims");
        jdbc.update("DELETE FROM d1_groups");
        repository = ConfigRepository.on(dataSource);
        file = dir.resolve("webhooker.yaml");
    }

    /** A whole configuration whose every group and route carries {@code tag}, so a mix is detectable. */
    private static String config(String tag, int routes) {
        StringBuilder yaml = new StringBuilder("groups:\n");
        yaml.append("  - {id: ").append(tag).append("-a, name: A, members: []}\n");
        yaml.append("  - {id: ").append(tag).append("-b, name: B, members: []}\n");
        yaml.append("routes:\n");
        for (int i = 0; i < routes; i++) {
            yaml.append("  - {id: r").append(i).append(", name: ").append(tag).append(", enabled: true, groupId: ").append(tag)
                    .append(i % 2 == 0 ? "-a" : "-b").append(", filters: [{type: event, match: push}], targets: [{channelId: '100000000000000001'}]}\n");
        }
        return yaml.toString();
    }

    private ConfigFileSync sync(ConfigFileMode mode) {
        return new ConfigFileSync(new ConfigFileSettings(file, "webhooker.yaml", mode), repository, null);
    }

    private static Set<String> tags(ConfigSnapshot snapshot) {
        Set<String> tags = snapshot.groups().stream().map(g -> g.id().substring(0, g.id().indexOf('-'))).collect(Collectors.toSet());
        snapshot.routes().forEach(r -> {
            tags.add(r.name());
            tags.add(r.groupId().substring(0, r.groupId().indexOf('-')));
        });
        return tags;
    }

    @Test
    void seedImportsIntoAnEmptyDatabase() throws Exception {
        Files.writeString(file, config("one", 3));

        sync(ConfigFileMode.SEED).start();

        ConfigSnapshot stored = repository.load();
        assertThat(stored.groups()).extracting(Group::id).containsExactly("one-a", "one-b");
        assertThat(stored.routes()).extracting(Route::id).containsExactly("r0", "r1", "r2");
    }

    @Test
    void seedLeavesANonEmptyDatabaseAlone() throws Exception {
        Group existing = new Group("mine", "Mine", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
        repository.replaceAll(List.of(existing), List.of());
        Files.writeString(file, config("one", 2));

        sync(ConfigFileMode.SEED).start();

        assertThat(repository.load().groups()).containsExactly(existing);
        assertThat(repository.load().routes()).isEmpty();
    }

    @Test
    void aBrokenFileStopsStartUpWithOneLine() throws Exception {
        Files.writeString(file, config("one", 1).replace("type: event", "type: evnt"));

        for (ConfigFileMode mode : ConfigFileMode.values()) {
            assertThatThrownBy(() -> sync(mode).start())
                    .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"))
                    .hasMessage("WEBHOOKER_CONFIG: webhooker.yaml: routes[0] (id \"r0\", group \"one-a\"): filters[0].type: "
                            + "unknown type \"evnt\" (expected event, repo, actor, action, branch, label or keyword)");
            assertThat(repository.isEmpty()).isTrue();
        }
    }

    @Test
    void aTemplateThatLeavesAPlaceholderUnfilledStopsStartUpAsItWouldRefuseASave() throws Exception {
        Files.writeString(file, config("one", 1).replace("targets:", "template: {body: '{{payload.pull_request.title}}'}, targets:"));
        TemplateCheck templates = new TemplateCheck(new MessageFormatter(I18n.builtInOnly(), new EventFormatters(), Clock.systemUTC()));

        assertThatThrownBy(() -> new ConfigFileSync(new ConfigFileSettings(file, "webhooker.yaml", ConfigFileMode.SYNC), repository, null,
                templates).start())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("webhooker.yaml: route (id \"r0\"): template.body: with the push sample")
                .hasMessageContaining("payload.pull_request.title");
        assertThat(repository.isEmpty()).isTrue();

        Files.writeString(file, config("one", 1).replace("targets:", "template: {title: '{{repo}} by {{actor}}'}, targets:"));
        new ConfigFileSync(new ConfigFileSettings(file, "webhooker.yaml", ConfigFileMode.SYNC), repository, null, templates).start();
        assertThat(repository.load().routes()).singleElement().satisfies(r -> assertThat(r.template().title()).isEqualTo("{{repo}} by {{actor}}"));
    }

    @Test
    void seedModeStillRefusesABrokenFileWhenTheDatabaseIsFull() throws Exception {
        repository.replaceAll(List.of(new Group("mine", "Mine", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)),
                List.of());
        Files.writeString(file, "groups: [\n");

        assertThatThrownBy(() -> sync(ConfigFileMode.SEED).start())
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"))
                .hasMessageStartingWith("WEBHOOKER_CONFIG: webhooker.yaml: malformed YAML at line ");
    }

    @Test
    void seedModeSaysWhyAFullDatabaseIsLeftAlone() throws Exception {
        repository.replaceAll(List.of(new Group("mine", "Mine", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)),
                List.of());
        Files.writeString(file, config("one", 2));

        try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
            sync(ConfigFileMode.SEED).start();

            assertThat(log.lines()).containsExactly("INFO Config file webhooker.yaml is valid but not imported: seed mode imports it "
                    + "only into a database without groups and routes, and this one holds 1 groups and 0 routes "
                    + "(WEBHOOKER_CONFIG_MODE=sync applies the file)");
        }
    }

    @Test
    void everyApplyLogsWhatItChanged() throws Exception {
        Files.writeString(file, config("one", 3));
        try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
            ConfigFileSync sync = sync(ConfigFileMode.SYNC);
            sync.start();
            // r1 changes its filter, r2 goes, group one-c and its route r3 come
            Files.writeString(file, """
                    groups:
                      - {id: one-c, name: C}
                      - {id: one-a, name: A, members: []}
                      - {id: one-b, name: B, members: []}
                    routes:
                      - {id: r0, name: one, enabled: true, groupId: one-a, filters: [{type: event, match: push}], targets: [{channelId: '100000000000000001'}]}
                      - {id: r1, name: one, enabled: true, groupId: one-b, filters: [{type: event, match: issues}], targets: [{channelId: '100000000000000001'}]}
                      - {id: r3, name: one, enabled: true, groupId: one-c, filters: [{type: event, match: push}], targets: [{channelId: '100000000000000001'}]}
                    """);
            sync.check();
            sync.check();
            sync.start();

            assertThat(log.lines()).containsExactly(
                    "INFO Config file webhooker.yaml applied (sync mode): groups: added one-a, one-b; routes: added one-a/r0, one-b/r1, one-a/r2",
                    "INFO Config file webhooker.yaml changed and applied: groups: added one-c; "
                            + "routes: added one-c/r3, changed one-b/r1, removed one-a/r2",
                    "INFO Config file webhooker.yaml applied (sync mode): the database already matches it");
        }
    }

    @Test
    void syncAppliesTheFileAtStartKeepsGroupsMadeElsewhereAndRefusesWholeListWrites() throws Exception {
        repository.replaceAll(List.of(group("old")), List.of());
        Files.writeString(file, config("one", 2));

        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        sync.start();

        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("old", "one-a", "one-b");
        assertThat(sync.configWritesAllowed()).isFalse();
        assertThat(sync.managesGroup("one-a")).isTrue();
        assertThat(sync.managesGroup("old")).isFalse();
        assertThat(sync.managedGroups()).containsExactlyInAnyOrder("one-a", "one-b");
        assertThat(sync(ConfigFileMode.SEED).configWritesAllowed()).isTrue();
    }

    private static Group group(String id) {
        return new Group(id, id, List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
    }

    private static Route consoleRoute(String id, String groupId) {
        return new Route(id, groupId, id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("100000000000000002", null)), false, false, List.of());
    }

    @Test
    void groupsMadeInTheConsoleOutliveTheFileBeingCreatedAndAreListed() throws Exception {
        repository.replaceAll(List.of(group("team"), group("ops")), List.of(consoleRoute("mine", "team")));
        repository.replaceAll(List.of(group("team"), group("ops"), group("legacy"), group("migrated")),
                List.of(consoleRoute("mine", "team")), ConfigOrigin.CONSOLE, null, () -> { });
        new JdbcTemplate(dataSource).update("UPDATE d1_groups SET source = NULL WHERE id = 'legacy'");
        new JdbcTemplate(dataSource).update("UPDATE d1_groups SET source = 'import' WHERE id = 'migrated'");
        List<String> deleted = new java.util.ArrayList<>();
        repository.addGroupDeletionListener(deleted::add);
        Files.writeString(file, config("one", 2));

        try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
            sync(ConfigFileMode.SYNC).start();

            assertThat(log.lines()).containsExactly("INFO Config file webhooker.yaml applied (sync mode): groups: added one-a, one-b; "
                    + "routes: added one-a/r0, one-b/r1; groups not in the file, kept: team (console), ops (console), "
                    + "legacy (source unknown), migrated (import)");
        }
        ConfigSnapshot stored = repository.load();
        assertThat(stored.groups()).extracting(Group::id).containsExactlyInAnyOrder("team", "ops", "legacy", "migrated", "one-a", "one-b");
        assertThat(stored.routes()).extracting(r -> r.groupId() + "/" + r.id()).containsExactlyInAnyOrder("team/mine", "one-a/r0", "one-b/r1");
        assertThat(repository.groupOrigins()).containsEntry("one-a", ConfigOrigin.FILE).containsEntry("team", ConfigOrigin.CONSOLE)
                .containsEntry("legacy", null);
        assertThat(deleted).isEmpty();
    }

    @Test
    void aGroupTheFileNamedBeforeAndDropsIsRemovedWithItsRoutesAndClaims() throws Exception {
        repository.replaceAll(List.of(group("team")), List.of(consoleRoute("mine", "team")));
        List<String> deleted = new java.util.ArrayList<>();
        repository.addGroupDeletionListener(deleted::add);
        Files.writeString(file, config("one", 2));
        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        sync.start();
        assertThat(repository.loadClaims()).extracting(c -> c.groupId()).contains("one-b");

        Files.writeString(file, """
                groups:
                  - {id: one-a, name: A, members: []}
                routes:
                  - {id: r0, name: one, enabled: true, groupId: one-a, filters: [{type: event, match: push}], targets: [{channelId: '100000000000000001'}]}
                """);
        try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
            sync.check();
            assertThat(sync.check()).isTrue();
            assertThat(log.lines()).containsExactly("INFO Config file webhooker.yaml changed and applied: groups: removed one-b; "
                    + "routes: removed one-b/r1");
        }

        assertThat(repository.load().groups()).extracting(Group::id).containsExactlyInAnyOrder("team", "one-a");
        assertThat(repository.load().routes()).extracting(r -> r.groupId() + "/" + r.id()).containsExactlyInAnyOrder("team/mine", "one-a/r0");
        assertThat(deleted).containsExactly("one-b");
        assertThat(repository.loadClaims()).extracting(c -> c.groupId()).doesNotContain("one-b");
        assertThat(sync.managesGroup("one-b")).isFalse();
    }

    @Test
    void namingAConsoleGroupInTheFileAdoptsItAndDroppingItLaterRemovesIt() throws Exception {
        repository.replaceAll(List.of(group("team"), group("ops")), List.of(consoleRoute("mine", "team"), consoleRoute("theirs", "ops")));
        Files.writeString(file, """
                groups:
                  - {id: team, name: team}
                routes:
                  - {id: filed, name: filed, enabled: true, groupId: team, filters: [{type: event, match: push}], targets: [{channelId: '100000000000000001'}]}
                """);
        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
            sync.start();
            assertThat(log.lines()).containsExactly("INFO Config file webhooker.yaml applied (sync mode): routes: added team/filed, "
                    + "removed team/mine; groups taken over by the file: team; groups not in the file, kept: ops (console)");
        }
        assertThat(repository.groupOrigin("team")).contains(ConfigOrigin.FILE);
        assertThat(repository.routeOrigins().get("team")).isEqualTo(java.util.Map.of("filed", ConfigOrigin.FILE));
        assertThat(sync.managesGroup("team")).isTrue();

        Files.writeString(file, "groups: []\n");
        sync.check();
        assertThat(sync.check()).isTrue();

        assertThat(repository.load().groups()).extracting(Group::id).containsExactly("ops");
        assertThat(repository.load().routes()).extracting(Route::id).containsExactly("theirs");
    }

    @Test
    void aFileThatFitsAloneButNotWithTheGroupsItKeepsStopsStartUpWithOneLine() throws Exception {
        List<Group> console = new java.util.ArrayList<>();
        StringBuilder yaml = new StringBuilder("groups:\n");
        for (int i = 0; i < 60; i++) {
            console.add(group("console-" + i));
            yaml.append("  - {id: filed-").append(i).append(", name: F}\n");
        }
        repository.replaceAll(console, List.of());
        Files.writeString(file, yaml.toString());

        assertThatThrownBy(() -> sync(ConfigFileMode.SYNC).start())
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"))
                .hasMessageContaining("webhooker.yaml with the groups it keeps: ").hasMessageContaining("too many groups");
        assertThat(repository.load().groups()).hasSize(60).extracting(Group::id).allMatch(id -> id.startsWith("console-"));
    }

    @Test
    void seedRecordsTheImportedGroupsAsTheFiles() throws Exception {
        Files.writeString(file, config("one", 1));

        sync(ConfigFileMode.SEED).start();

        assertThat(repository.groupOrigins()).containsOnly(java.util.Map.entry("one-a", ConfigOrigin.FILE),
                java.util.Map.entry("one-b", ConfigOrigin.FILE));
    }

    @Test
    void anInvalidEditIsIgnoredAndTheConfigInForceStays() throws Exception {
        Files.writeString(file, config("one", 2));
        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        sync.start();
        long revision = repository.revision();

        Files.writeString(file, config("two", 2).replace("groupId: two-b", "groupId: nowhere"));
        sync.check();
        sync.check();

        assertThat(tags(repository.load())).containsExactly("one");
        assertThat(repository.revision()).isEqualTo(revision);

        Files.writeString(file, "groups: [\n");
        sync.check();
        sync.check();
        assertThat(tags(repository.load())).containsExactly("one");
    }

    @Test
    void aChangedFileIsPickedUp() throws Exception {
        Files.writeString(file, config("one", 2));
        ConfigSnapshots snapshots = new ConfigSnapshots(repository);
        repository.addChangeListener(snapshots::refresh);
        try (ConfigFileSync sync = sync(ConfigFileMode.SYNC)) {
            sync.start();
            sync.watchEvery(Duration.ofMillis(50));
            assertThat(tags(snapshots.current())).containsExactly("one");

            Files.writeString(file, config("two", 5));

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                assertThat(tags(snapshots.current())).containsExactly("two");
                assertThat(snapshots.current().routes()).hasSize(5);
            });
        }
    }

    @Test
    void aHalfWrittenFileIsNotAppliedUntilItIsStable() throws Exception {
        Files.writeString(file, config("one", 2));
        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        sync.start();

        Files.writeString(file, config("two", 4));
        assertThat(sync.check()).isFalse();
        assertThat(tags(repository.load())).containsExactly("one");

        assertThat(sync.check()).isTrue();
        assertThat(tags(repository.load())).containsExactly("two");
    }

    @Test
    void readersNeverSeeHalfAConfiguration() throws Exception {
        Files.writeString(file, config("one", 40));
        ConfigFileSync sync = sync(ConfigFileMode.SYNC);
        sync.start();
        ConfigSnapshots snapshots = new ConfigSnapshots(repository);
        repository.addChangeListener(snapshots::refresh);
        // a second instance that only learns about writes through the database
        ConfigSnapshots otherInstance = new ConfigSnapshots(ConfigRepository.on(dataSource));

        AtomicBoolean writing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Set<String>> seen = new ConcurrentLinkedQueue<>();
        Thread reader = new Thread(() -> {
            while (writing.get()) {
                seen.add(tags(snapshots.current()));
                seen.add(tags(otherInstance.refreshIfStale()));
                seen.add(tags(repository.load()));
            }
        });
        reader.start();
        for (int i = 0; i < 8; i++) {
            Files.writeString(file, i % 2 == 0 ? config("two", 60) : config("one", 40));
            sync.check();
            assertThat(sync.check()).isTrue();
        }
        writing.set(false);
        reader.join();

        assertThat(seen).isNotEmpty().allSatisfy(tags -> assertThat(tags).hasSize(1));
        assertThat(seen.stream().flatMap(Set::stream).collect(Collectors.toSet())).containsExactlyInAnyOrder("one", "two");
        assertThat(snapshots.current().routes()).hasSize(40);
        assertThat(snapshots.current().routes().get(0).filters()).containsExactly(new Filter("event", List.of("push"), false));
        assertThat(snapshots.current().routes().get(0).targets()).containsExactly(new DiscordTarget("100000000000000001", null));
    }
}
