package dev.webhooker.platform.camel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;

/**
 * The application as the camel target tests boot it: the embedded default, a GitHub secret, the components they
 * allow, loopback allowed for the brokers, and a config file with group {@code team} whose route {@code bus} sends
 * every push to the targets given.
 */
final class CamelTargetApps {

    static final String GITHUB_SECRET = "camel-targets-secret";

    private CamelTargetApps() {
    }

    static void properties(DynamicPropertyRegistry registry, String name, String schemes, String targetsYaml) {
        AppStores.embedded(registry, name);
        registry.add("webhooker.ingress.github-webhook-secret", () -> GITHUB_SECRET);
        registry.add("webhooker.camel-targets.schemes", () -> schemes);
        registry.add("webhooker.platforms.webhook-target-allow", () -> "127.0.0.1");
        registry.add("webhooker.config.mode", () -> "seed");
        registry.add("webhooker.config.file", () -> configFile(targetsYaml));
    }

    /** A retry schedule of one second, many times: a target waits out an outage within a test's patience. */
    static void retryEverySecond(DynamicPropertyRegistry registry) {
        registry.add("webhooker.delivery.retry-schedule", () -> String.join(",", java.util.Collections.nCopies(20, "1s")));
    }

    /** The config file: {@code targetsYaml} is the YAML list of the route's targets, indented by two spaces. */
    private static String configFile(String targetsYaml) {
        try {
            Path file = Files.createTempFile("webhooker-camel-targets", ".yaml");
            Files.writeString(file, """
                    groups:
                      - id: team
                        name: "Team"
                        members:
                          - login: olive
                            role: owner
                            userId: "2002"
                        lang: "en"
                    routes:
                      - id: bus
                        name: "Bus"
                        enabled: true
                        groupId: team
                        filters:
                          - type: event
                            match: push
                        targets:
                    """ + targetsYaml.stripIndent().lines().map(line -> "      " + line).collect(java.util.stream.Collectors.joining("\n"))
                    + "\n");
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The push fixture, as GitHub sends it. */
    static byte[] push() {
        try {
            return Files.readAllBytes(Fixtures.root().resolve("github/push/commits.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code body} posted to /webhook as a push signed by GitHub; the answer's status. */
    static int postPush(int port, byte[] body, String deliveryId) throws Exception {
        HttpResponse<String> response = GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", GITHUB_SECRET, "push", deliveryId, body);
        return response.statusCode();
    }
}
