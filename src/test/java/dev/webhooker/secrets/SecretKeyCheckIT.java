package dev.webhooker.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.WebhookerApplication;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.FailedStart;
import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.platform.webhook.WebhookTarget;

/**
 * The start-up key check on real databases: instances sharing a PostgreSQL must have the key that sealed its secrets
 * (or have it as the previous key while rotating); the embedded default's key file is checked the same way.
 */
class SecretKeyCheckIT {

    private static final String KEY = "the key of this deployment, longer than thirty-two characters";
    private static final String NEW_KEY = "the next key of this deployment, also longer than thirty-two";
    private static final String TYPO = "the key of this deployment, longer than thirty-two characterz";
    private static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);

    @TempDir
    Path dir;

    @Test
    void anInstanceWithAnotherKeyOnASharedPostgresqlStopsWithOneLine() throws Exception {
        String[] database = postgres();
        try (ConfigurableApplicationContext first = start(database, "--webhooker.secrets.key=" + KEY)) {
            storeASealedRoute(first);
        }

        List<String> web = FailedStart.errorLines(with(database, "--webhooker.secrets.key=" + TYPO));
        List<String> ingressOnly = FailedStart.errorLines(with(database, "--webhooker.secrets.key=" + TYPO, "--webhooker.delivery.enabled=false"));

        for (List<String> lines : List.of(web, ingressOnly)) {
            assertThat(lines).hasSize(1);
            assertThat(lines.get(0)).contains("Invalid setting WEBHOOKER_SECRET_KEY: the key (WEBHOOKER_SECRET_KEY) is not the key this "
                    + "database's secrets were sealed with").contains("WEBHOOKER_SECRET_KEY_PREVIOUS").doesNotContain(KEY).doesNotContain(TYPO);
        }
        try (ConfigurableApplicationContext again = start(database, "--webhooker.secrets.key=" + KEY)) {
            ConfigRepository repository = again.getBean(ConfigRepository.class);
            assertThat(repository.load().routes()).extracting(Route::id).containsExactly("ci");
            assertThat(repository.unreadableRows()).isEmpty();
        }
    }

    @Test
    void aRotationWithThePreviousKeyPassesAndFromThenOnTheNewKeyIsTheOneChecked() throws Exception {
        String[] database = postgres();
        try (ConfigurableApplicationContext first = start(database, "--webhooker.secrets.key=" + KEY)) {
            storeASealedRoute(first);
        }

        try (ConfigurableApplicationContext rotated = start(database, "--webhooker.secrets.key=" + NEW_KEY,
                "--webhooker.secrets.previous-key=" + KEY)) {
            ConfigRepository repository = rotated.getBean(ConfigRepository.class);
            assertThat(repository.load().routes()).extracting(Route::id).containsExactly("ci");
            assertThat(repository.unreadableRows()).isEmpty();
            assertThat(rotated.getBean(JdbcTemplate.class).queryForList("SELECT verifier FROM secret_key_check", String.class))
                    .hasSize(1).allSatisfy(verifier -> assertThat(verifier).doesNotContain(NEW_KEY).hasSize(64));
        }

        assertThat(FailedStart.errorLines(with(database, "--webhooker.secrets.key=" + KEY)))
                .singleElement().asString().contains("Invalid setting WEBHOOKER_SECRET_KEY: the key (WEBHOOKER_SECRET_KEY) is not the key");
        try (ConfigurableApplicationContext after = start(database, "--webhooker.secrets.key=" + NEW_KEY)) {
            assertThat(after.getBean(ConfigRepository.class).load().groups()).extracting(Group::id).containsExactly("team");
        }
    }

    @Test
    void theEmbeddedDefaultsKeyFileIsCheckedLikeTheVariable() throws Exception {
        String[] embedded = {"--webhooker.database.url="};
        try (ConfigurableApplicationContext first = start(embedded)) {
            storeASealedRoute(first);
        }
        try (ConfigurableApplicationContext second = start(embedded)) {
            assertThat(second.getBean(ConfigRepository.class).load().routes()).extracting(Route::id).containsExactly("ci");
            assertThat(second.getBean(JdbcTemplate.class).queryForObject("SELECT COUNT(*) FROM secret_key_check", Integer.class)).isOne();
        }

        // a lost key file: a new one is generated, which is not the key the database's secrets were sealed with
        Files.delete(dir.resolve(SecretKeys.KEY_FILE));
        assertThat(FailedStart.errorLinesIn(dir, embedded)).singleElement().asString()
                .contains("Invalid setting WEBHOOKER_SECRET_KEY: the key (the key file " + dir.resolve(SecretKeys.KEY_FILE))
                .contains("is not the key this database's secrets were sealed with");
    }

    private String[] postgres() {
        return new String[] {"--webhooker.database.url=" + TestPostgres.newDatabase(), "--webhooker.database.user=" + TestPostgres.user(),
                "--webhooker.database.password=" + TestPostgres.password()};
    }

    private static String[] with(String[] settings, String... more) {
        List<String> all = new ArrayList<>(List.of(settings));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** The application without its servers, routes or schedules, on DATA_DIR {@code dir}. */
    private ConfigurableApplicationContext start(String[] settings, String... more) {
        List<String> args = new ArrayList<>(List.of(with(settings, more)));
        args.addAll(List.of("--webhooker.data-dir=" + dir, "--server.port=-1", "--management.server.port=-1",
                "--spring.main.banner-mode=off", "--webhooker.config.file=", "--webhooker.config.default-file=",
                "--webhooker.delivery.enabled=false", "--spring.quartz.auto-startup=false", "--camel.main.auto-startup=false"));
        return new SpringApplicationBuilder(WebhookerApplication.class).web(WebApplicationType.SERVLET).run(args.toArray(String[]::new));
    }

    private static void storeASealedRoute(ConfigurableApplicationContext app) {
        Group team = new Group("team", "Team", List.of(new Group.Member("alice", "owner")), List.of("alice"), List.of(), List.of(),
                null, true, List.of(), null, null, false);
        Route ci = new Route("ci", "team", "CI", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/ci", List.of(SECRET), Map.of(),
                        WebhookTarget.BodyFormat.EVENT, null))), false, false, List.of());
        app.getBean(ConfigRepository.class).replaceAll(List.of(team), List.of(ci));
    }
}
