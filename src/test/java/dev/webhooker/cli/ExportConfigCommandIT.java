package dev.webhooker.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import dev.webhooker.configfile.ConfigDocument;
import dev.webhooker.configfile.ConfigFileReader;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.SecretSeal;

import dev.webhooker.store.ConfigRepository;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.platform.slack.SlackTarget;

/**
 * {@code export-config} on the embedded default, in this JVM: the command's own headless start, over a database the
 * application's repository filled, writes a config file that the application reads back as the same configuration.
 */
class ExportConfigCommandIT {

    static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString("export-secret-export-secret-exp".getBytes());

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void embeddedIn() {
        System.setProperty("webhooker.data-dir", dir.resolve("data").toString());
        System.setProperty("webhooker.database.url", "");
        System.setProperty("webhooker.redis-url", "");
        System.setProperty("webhooker.s3.bucket", "");
    }

    @AfterEach
    void clear() {
        List.of("webhooker.data-dir", "webhooker.database.url", "webhooker.redis-url", "webhooker.s3.bucket").forEach(System::clearProperty);
    }

    private int export(String... args) {
        return new ExportConfigCommand(() -> HeadlessApp.start(false)).run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void theDatabasesGroupsAndRoutesComeOutAsAConfigFileThisDeploymentReadsBackTheSame() throws Exception {
        List<Group> groups = List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(), List.of(), null,
                        true, List.of(), "zh", new DiscordTarget("999999999999999999", null), false),
                new Group("other", "Other", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false));
        List<Route> routes = List.of(
                new Route("pushes", "team", "Pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                        List.of(new DiscordTarget("111111111111111111", "222222222222222222"), SlackTarget.channel("C0123ABCD", null),
                                new WebhookTarget(new WebhookTarget.Webhook("https://ci.example.com/in", List.of(SECRET), Map.of("X-Team", "a"),
                                        WebhookTarget.BodyFormat.MESSAGE, 5))), false, false, List.of("550000000000000055")),
                new Route("all", "other", "All", false, List.of(), null, List.of(new TelegramTarget("-100", "7")), true, true, List.of()));
        dev.webhooker.routing.ConfigSnapshot stored;
        try (ConfigurableApplicationContext app = HeadlessApp.start(false)) {
            app.getBean(ConfigRepository.class).replaceAll(groups, routes);
            stored = app.getBean(ConfigRepository.class).load();
        }

        assertThat(export()).as(err.toString()).isZero();
        String yaml = out.toString(StandardCharsets.UTF_8);
        assertThat(yaml).startsWith("---").contains("groups:").contains("ci.example.com").contains("v1:")
                .doesNotContain(SECRET).doesNotContain("INFO");
        assertThat(export("--group", "team", "--out", dir.resolve("team.yaml").toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 group(s) and 1 route(s) written to");

        try (ConfigurableApplicationContext app = HeadlessApp.start(false)) {
            ConfigFileReader reader = new ConfigFileReader(app.getBean(SecretSeal.class));
            ConfigDocument all = reader.parse(yaml.getBytes(StandardCharsets.UTF_8), "stdout");
            assertThat(all.groups()).as("as stored").containsExactlyInAnyOrderElementsOf(stored.groups());
            assertThat(all.groups()).extracting(Group::id).containsExactlyInAnyOrder("team", "other");
            assertThat(all.routes()).containsExactlyInAnyOrderElementsOf(routes);
            ConfigDocument team = reader.read(dir.resolve("team.yaml"), "team.yaml");
            assertThat(team.groups()).extracting(Group::id).containsExactly("team");
            assertThat(team.routes()).extracting(Route::id).containsExactly("pushes");
            assertThat(((WebhookTarget) team.routes().get(0).targets().get(2)).webhook().secrets()).containsExactly(SECRET);
        }
    }

    @Test
    void aWrongArgumentOrAnUnknownGroupIsAClearErrorAndNothingIsWritten() throws Exception {
        assertThat(export("--outfile", "x.yaml")).isEqualTo(Commands.USAGE);
        assertThat(err.toString()).contains("unexpected argument --outfile").contains("usage: java -jar webhooker.jar export-config");
        err.reset();
        Path file = dir.resolve("none.yaml");
        assertThat(export("--group", "nowhere", "--out", file.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("no group nowhere in the database");
        assertThat(Files.exists(file)).isFalse();
        assertThat(out.size()).isZero();
    }
}
