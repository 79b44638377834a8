package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * The admin API while a config file in sync mode manages its group {@code filed}: that group and whole lists answer
 * 409, a group made in the console is edited and deleted as usual. On whichever stores the subclass starts with.
 */
abstract class AdminApiSyncModeContract {

    static final FakeGithub GITHUB = new FakeGithub();
    static final String SUPER_ID = "9919";
    static final Path FILE = configFile();

    static Path configFile() {
        try {
            Path file = Files.createTempFile("webhooker-admin-sync", ".yaml");
            Files.writeString(file, """
                    groups:
                      - id: filed
                        name: "From the file"
                        members: []
                    routes:
                      - id: pushes
                        name: "Pushes"
                        enabled: true
                        groupId: filed
                        filters: [{type: event, match: push}]
                        targets: [{platform: discord, channelId: "111111111111111111"}]
                    """);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void syncProperties(DynamicPropertyRegistry registry) {
        GITHUB.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> SUPER_ID);
        registry.add("webhooker.config.file", FILE::toString);
        registry.add("webhooker.config.mode", () -> "sync");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @BeforeEach
    void aConsoleGroupNextToTheFilesOne() {
        GITHUB.server().resetAll();
        GITHUB.user("root", Long.parseLong(SUPER_ID), "root");
        Group team = new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
        Route route = new Route("team-pushes", "team", "team-pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("123123123123123123", null)), false, false, List.of());
        // every group but the file's becomes exactly this one, as the console would have made it
        repository.replaceAll(List.of(team), List.of(route), ConfigOrigin.CONSOLE, (id, origin) -> origin != ConfigOrigin.FILE, null,
                () -> { });
        snapshots.refresh();
    }

    Browser signedIn() {
        Browser browser = new Browser(port);
        HttpResponse<String> callback = FakeGithub.signIn(browser, "root", null);
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        return browser;
    }

    static JsonNode body(HttpResponse<String> response) {
        return FakeGithub.parse(response.body());
    }

    private static String etag(Browser root, String groupId) {
        return root.getJson("/admin/api/groups/" + groupId).headers().firstValue("ETag").orElseThrow();
    }

    @Test
    void theFilesGroupAndWholeListsAre409AConsoleGroupIsEditedAndDeleted() {
        Browser root = signedIn();
        String group = "{\"name\":\"Renamed\",\"members\":[]}";

        HttpResponse<String> fileEdit = root.json("PUT", "/admin/api/groups/filed", group, root.origin(), etag(root, "filed"));
        assertThat(fileEdit.statusCode()).as(fileEdit.body()).isEqualTo(409);
        assertThat(body(fileEdit).path("detail").asText()).contains("\"filed\"").contains(FILE.toString());
        assertThat(root.json("DELETE", "/admin/api/groups/filed", null, root.origin(), etag(root, "filed")).statusCode()).isEqualTo(409);
        assertThat(root.json("POST", "/admin/api/groups/filed/routes", "{\"id\":\"x\",\"name\":\"x\",\"filters\":[],"
                + "\"targets\":[{\"platform\":\"discord\",\"channelId\":\"111111111111111111\"}]}").statusCode()).isEqualTo(409);
        assertThat(root.json("PUT", "/admin/api/groups", "{\"groups\":[]}").statusCode()).isEqualTo(409);
        assertThat(root.json("PUT", "/admin/api/routes", "{\"routes\":[]}").statusCode()).isEqualTo(409);
        assertThat(root.json("POST", "/admin/api/config/import?apply=true", "groups:\n  - {id: filed, name: Mine}\n").statusCode())
                .isEqualTo(409);
        assertThat(root.json("POST", "/admin/api/config/import?prune=true", "groups:\n  - {id: team, name: Team}\n").statusCode())
                .isEqualTo(409);
        assertThat(snapshots.current().group("filed").orElseThrow().name()).isEqualTo("From the file");

        HttpResponse<String> edited = root.json("PUT", "/admin/api/groups/team", group, root.origin(), etag(root, "team"));
        assertThat(edited.statusCode()).as(edited.body()).isEqualTo(200);
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Renamed");
        HttpResponse<String> routes = root.json("PUT", "/admin/api/groups/team/routes", "{\"routes\":[]}");
        assertThat(routes.statusCode()).as(routes.body()).isEqualTo(200);
        assertThat(snapshots.current().routesOf("team")).isEmpty();
        assertThat(snapshots.current().routesOf("filed")).extracting(Route::id).containsExactly("pushes");
        HttpResponse<String> imported = root.json("POST", "/admin/api/config/import?apply=true", "groups:\n  - {id: team, name: Imported}\n");
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Imported");
        HttpResponse<String> created = root.json("POST", "/admin/api/groups", "{\"id\":\"made-here\",\"name\":\"Made here\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

        HttpResponse<String> deleted = root.json("DELETE", "/admin/api/groups/team", null, root.origin(), etag(root, "team"));
        assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
        assertThat(snapshots.current().groups()).extracting(Group::id).containsExactlyInAnyOrder("filed", "made-here");
    }

    @Test
    void theConsoleLearnsWhereEachGroupCameFromAndWhichTheFileManages() {
        Browser root = signedIn();

        JsonNode groups = body(root.getJson("/admin/api/groups"));
        assertThat(groups.path("sources").path("filed").asText()).isEqualTo("file");
        assertThat(groups.path("sources").path("team").asText()).isEqualTo("console");
        assertThat(body(root.getJson("/admin/api/groups/filed")).path("source").asText()).isEqualTo("file");
        JsonNode config = body(root.getJson("/admin/api/me")).path("config");
        assertThat(config.path("writable").asBoolean()).isFalse();
        assertThat(config.path("fileGroups")).extracting(JsonNode::asText).containsExactly("filed");
    }
}
