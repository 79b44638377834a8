package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.webhooker.dryrun.DryRun;
import dev.webhooker.dryrun.DryRunResult;
import dev.webhooker.dryrun.OfflineDryRun;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.testsupport.Fixtures;

/**
 * {@code config/webhooker.example.yaml}, copied as it is, routes every shared GitHub fixture: each one to
 * the route a reader of the file expects, and every one to at least one target (nothing silently dropped).
 */
class ExampleConfigRoutingTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXAMPLE = read(Path.of("config/webhooker.example.yaml"));

    private final DryRun dryRun = OfflineDryRun.over(ConfigSnapshot::empty, 0, CLOCK);

    static Stream<Path> githubFixtures() throws IOException {
        Path root = Fixtures.root().resolve("github");
        return Files.walk(root).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("githubFixtures")
    void everyGithubFixtureReachesTheRouteTheExampleMeans(Path file) throws IOException {
        String event = file.getParent().getFileName().toString();
        JsonNode payload = JSON.readTree(file.toFile());
        DryRunResult result = dryRun.run(Files.readAllBytes(file),
                Map.of("X-GitHub-Event", event, "X-GitHub-Delivery", "d-" + file.getFileName(), "Content-Type", "application/json"),
                null, EXAMPLE);

        assertThat(result).isInstanceOf(DryRunResult.Preview.class);
        List<String> fired = ((DryRunResult.Preview) result).routes().stream().map(DryRunResult.FiredRoute::id).toList();
        assertThat(fired).as("routes fired by %s", file).containsExactly(expectedRoute(event, payload));
        ((DryRunResult.Preview) result).routes().forEach(route -> assertThat(route.targets()).isNotEmpty()
                .allSatisfy(t -> assertThat(t.renderError()).isNull()));
    }

    /** What a reader of the example file expects for an event, from the route names and their comments. */
    private static String expectedRoute(String event, JsonNode payload) {
        String sender = payload.path("sender").path("login").asText("");
        String compact = payload.toString().toLowerCase(java.util.Locale.ROOT);
        return switch (event) {
            case "push" -> "pushes";
            case "pull_request", "pull_request_review" -> sender.endsWith("[bot]") ? "everything-else" : "pull-requests";
            case "release" -> "published".equals(payload.path("action").asText()) ? "releases" : "everything-else";
            case "workflow_run", "check_suite" -> failedOutsideDependabot(event, payload, compact) ? "ci-failures" : "everything-else";
            default -> "everything-else";
        };
    }

    private static boolean failedOutsideDependabot(String event, JsonNode payload, String compact) {
        boolean failed = compact.contains("\"conclusion\":\"failure\"") || compact.contains("\"conclusion\":\"timed_out\"");
        String branch = payload.path(event).path("head_branch").asText("");
        return failed && !branch.startsWith("dependabot/");
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
