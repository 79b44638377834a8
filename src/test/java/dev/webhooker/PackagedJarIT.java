package dev.webhooker;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.testsupport.Fixtures;

/**
 * The packaged jar as a newcomer runs it: {@code java -jar} from a directory of their own holding only
 * {@code config/webhooker.yaml} (the example, with their channel id), a signed GitHub push, the message at a
 * fake Discord. Then the config mode rules on the running service: an edit is applied while it runs, a broken
 * edit is refused with one line while the configuration in force stays, and a restart with the broken file
 * stops with one line. Runs after {@code package} (failsafe), since it needs the jar.
 */
class PackagedJarIT {

    private static final String SECRET = "newcomer-secret";
    private static final String EXAMPLE_CHANNEL = "222222222222222222";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path workDir;

    private WireMockServer discord;
    private Process app;
    private Path log;
    private int port;
    private int managementPort;

    @BeforeEach
    void fakeDiscord() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        discord.start();
        discord.stubFor(post(com.github.tomakehurst.wiremock.client.WireMock.urlMatching("/channels/[0-9]+/messages"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody("{\"id\":\"900\"}")));
    }

    @AfterEach
    void stop() throws Exception {
        if (app != null && app.isAlive()) {
            app.destroy();
            if (!app.waitFor(20, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
        discord.stop();
    }

    @Test
    void theJarRoutesAPushFromAnyDirectoryAndFollowsItsConfigFile() throws Exception {
        Path config = workDir.resolve("config/webhooker.yaml");
        Files.createDirectories(config.getParent());
        String example = Files.readString(repository().resolve("config/webhooker.example.yaml"));
        Files.writeString(config, example.replace(EXAMPLE_CHANNEL, "111111111111111111"));

        start();
        assertThat(logText()).contains("Camel routes: delivery.camel.yaml, health.camel.yaml, ingress.camel.yaml, "
                + "maintenance.camel.yaml (packaged)");
        assertThat(logText()).contains("Config file config/webhooker.yaml applied (sync mode): groups: added default; "
                + "routes: added default/pushes, default/pull-requests, default/releases, default/ci-failures, default/everything-else");
        assertThat(logText()).doesNotContain("sends to discord").doesNotContain("sends to telegram");

        // the probes are on the management port, not on the webhook port
        assertThat(get(managementPort, "/actuator/health/readiness")).isEqualTo(200);
        assertThat(get(managementPort, "/actuator/health/liveness")).isEqualTo(200);
        assertThat(get(port, "/actuator/health")).isEqualTo(404);

        String first = pushAndExpectMessageIn("111111111111111111");
        assertThat(logText()).contains("[delivery " + first + "]").contains("Accepted github push " + first
                + " on /webhook: routes default/pushes");

        // edited while running: applied within a few checks, and logged
        Files.writeString(config, example.replace(EXAMPLE_CHANNEL, "333333333333333333"));
        await().atMost(Duration.ofSeconds(30)).until(() -> logText().contains("Config file config/webhooker.yaml changed and applied: "
                + "routes: changed default/pushes, default/pull-requests, default/releases, default/ci-failures, default/everything-else"));
        pushAndExpectMessageIn("333333333333333333");

        // a broken edit: one error line, the configuration in force stays
        Files.writeString(config, example.replace("type: event\n        match: push", "type: evnt\n        match: push"));
        await().atMost(Duration.ofSeconds(30)).until(() -> logText().contains("the configuration in force stays"));
        assertThat(logText()).contains("config/webhooker.yaml: routes[0] (id \"pushes\", group \"default\"): filters[0].type: unknown type \"evnt\"");
        pushAndExpectMessageIn("333333333333333333");

        // and a restart with it stops at once, with that one line; the clean shutdown before it exits 0
        app.destroy();
        assertThat(app.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(app.exitValue()).as("SIGTERM, then a clean shutdown").isZero();

        // the configuration the service holds, out again as a config file: only the YAML on standard output
        Path jar = Path.of(System.getProperty("webhooker.test.jar", "target/webhooker-0.1.0-SNAPSHOT.jar")).toAbsolutePath();
        Process export = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "export-config")
                .directory(workDir.toFile()).redirectError(workDir.resolve("export.err").toFile()).start();
        String yaml = new String(export.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(export.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(export.exitValue()).as(Files.readString(workDir.resolve("export.err"))).isZero();
        assertThat(yaml).startsWith("---\ngroups:").contains("id: \"pushes\"").contains("channelId: \"333333333333333333\"")
                .doesNotContain(" INFO ").doesNotContain(" WARN ");
        Files.writeString(log, "");
        app = launch();
        assertThat(app.waitFor(60, TimeUnit.SECONDS)).as("start-up stops").isTrue();
        assertThat(app.exitValue()).isNotZero();
        List<String> errors = Files.readAllLines(log).stream().filter(l -> l.contains(" ERROR ")).toList();
        assertThat(errors).singleElement().asString().contains("Invalid setting WEBHOOKER_CONFIG: config/webhooker.yaml: "
                + "routes[0] (id \"pushes\", group \"default\"): filters[0].type: unknown type \"evnt\"");
    }

    private static int get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private String pushAndExpectMessageIn(String channel) throws Exception {
        // a fresh body each time: the same signed body under a new id would be a replay, and a duplicate
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode push = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(Fixtures.root().resolve("github/push/commits.json").toFile());
        String id = UUID.randomUUID().toString();
        push.put("test_copy", id);
        byte[] body = json.writeValueAsBytes(push);
        int before = discord.findAll(postRequestedFor(urlEqualTo("/channels/" + channel + "/messages"))).size();
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook"))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", "push")
                .header("X-GitHub-Delivery", id)
                .header("X-Hub-Signature-256", "sha256=" + hmac(body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.body()).isEqualTo("{\"ok\":true,\"deliveryId\":\"" + id + "\"}");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                discord.findAll(postRequestedFor(urlEqualTo("/channels/" + channel + "/messages"))).size() == before + 1);
        return id;
    }

    private void start() throws Exception {
        port = freePort();
        managementPort = freePort();
        log = workDir.resolve("app.log");
        app = launch();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250)).until(() -> {
            assertThat(app.isAlive()).as("the jar is running; its log: %s", logText()).isTrue();
            try {
                return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(),
                        HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
            } catch (IOException e) {
                return false;
            }
        });
    }

    private Process launch() throws IOException {
        Path jar = Path.of(System.getProperty("webhooker.test.jar", "target/webhooker-0.1.0-SNAPSHOT.jar")).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString())
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.put("PORT", Integer.toString(port));
        env.put("MANAGEMENT_PORT", Integer.toString(managementPort));
        env.put("GITHUB_WEBHOOK_SECRET", SECRET);
        env.put("DISCORD_TOKEN", "test-token");
        env.put("DISCORD_API_URL", discord.baseUrl());
        env.put("WEBHOOKER_CONFIG_WATCH_INTERVAL", "200ms");
        return builder.start();
    }

    private String logText() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    private static String hmac(byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Path repository() {
        return Path.of(System.getProperty("webhooker.test.basedir", "")).toAbsolutePath();
    }
}
