package dev.webhooker.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/**
 * {@code plan}, {@code apply} and {@code export} against a running server with a super admin's API token: the exit
 * status says whether anything would change, apply applies what plan showed, and a server that changed since the
 * plan refuses the apply.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RemoteConfigCommandIT {

    static final FakeGithub GITHUB = new FakeGithub();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "remote-config");
        GITHUB.properties(registry);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.admin.user-ids", () -> "9919");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    @TempDir
    Path dir;

    private String token;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void aGroupAndASuperAdminsToken() {
        GITHUB.server().resetAll();
        GITHUB.user("root", 9919, "root");
        jdbc.update("DELETE FROM api_tokens");
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null,
                false)), List.of(route("pushes")));
        snapshots.refresh();
        Browser root = new Browser(port);
        assertThat(FakeGithub.signIn(root, "root", null).statusCode()).isEqualTo(302);
        HttpResponse<String> made = root.json("POST", "/admin/api/tokens", "{\"name\":\"ci\",\"scopes\":[\"admin:read\",\"admin:write\"]}");
        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        token = FakeGithub.parse(made.body()).path("value").asText();
    }

    private static Route route(String id) {
        return new Route(id, "team", id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("123123123123123123", null)), false, false, List.of());
    }

    private int run(String command, String... args) {
        out.reset();
        err.reset();
        // the token from the environment, the server as an option
        RemoteConfigCommand cli = new RemoteConfigCommand(RemoteConfigCommand.Mode.valueOf(command.toUpperCase()),
                Map.of("WEBHOOKER_TOKEN", token));
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--server";
        all[args.length + 1] = "http://127.0.0.1:" + port + "/";
        return cli.run(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String said() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void exportThenPlanThenApplyRoundTrips() throws Exception {
        Path file = dir.resolve("webhooker.yaml");
        assertThat(run("export", "--out", file.toString())).isZero();
        assertThat(Files.readString(file)).contains("id: \"team\"", "id: \"pushes\"");

        assertThat(run("plan", file.toString())).as(err.toString()).isZero();
        assertThat(said()).startsWith("no changes (revision ");

        Files.writeString(file, Files.readString(file).replace("name: \"pushes\"", "name: \"Pushes to main\""));
        assertThat(run("plan", file.toString())).as(err.toString()).isEqualTo(RemoteConfigCommand.CHANGES);
        assertThat(said()).contains("routes changed:").contains("pushes");
        assertThat(snapshots.refresh().routesOf("team").get(0).name()).as("a plan changes nothing").isEqualTo("pushes");

        assertThat(run("apply", file.toString())).as(err.toString()).isZero();
        assertThat(said()).contains("applied");
        assertThat(snapshots.refresh().routesOf("team").get(0).name()).isEqualTo("Pushes to main");
        assertThat(run("plan", file.toString())).isZero();
    }

    @Test
    void anApplyOfAnOlderPlanIsRefusedWhenTheServerChangedSince() throws Exception {
        Path file = dir.resolve("webhooker.yaml");
        assertThat(run("export", "--out", file.toString())).isZero();
        Files.writeString(file, Files.readString(file).replace("name: \"pushes\"", "name: \"Planned\""));
        assertThat(run("plan", file.toString())).isEqualTo(RemoteConfigCommand.CHANGES);
        Matcher revision = Pattern.compile("\\(revision (\\d+)\\)").matcher(said());
        assertThat(revision.find()).as(said()).isTrue();

        // someone changes the server in between
        repository.replaceAll(snapshots.refresh().groups(), List.of(route("pushes"), route("late")));
        snapshots.refresh();

        assertThat(run("apply", file.toString(), "--revision", revision.group(1))).isEqualTo(RemoteConfigCommand.ERROR);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("refused", "plan again");
        assertThat(snapshots.refresh().routesOf("team")).extracting(Route::name).containsExactly("pushes", "late");
    }

    @Test
    void withoutATokenOrWithABadOneItSaysSo() {
        RemoteConfigCommand cli = new RemoteConfigCommand(RemoteConfigCommand.Mode.EXPORT, Map.of());
        assertThat(cli.run(new String[] {"--server", "http://127.0.0.1:" + port}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(Commands.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--token");

        token = "wht_" + "0".repeat(40);
        assertThat(run("export")).isEqualTo(RemoteConfigCommand.ERROR);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("401");
    }
}
