package dev.webhooker.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import dev.webhooker.configfile.ConfigFileMode;
import dev.webhooker.configfile.ConfigFileReader;

/**
 * deploy/ cannot be built or applied here, so this checks that it matches the application: every variable
 * it sets is one the service reads, every probe and scrape path is served on the port it names, every
 * secret reference resolves, the config map is a valid config file, and the selectors meet.
 */
class DeployFilesTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Path K8S = Path.of("deploy/kubernetes");
    /** Read by the JVM and the C library, not by the service. */
    private static final Set<String> RUNTIME_VARIABLES = Set.of("JAVA_TOOL_OPTIONS", "MALLOC_ARENA_MAX");

    private static JsonNode yaml(Path file) throws Exception {
        return YAML.readTree(file.toFile());
    }

    /** The variables the service reads: the list the build keeps away from the tests (SettingsTest checks it is whole). */
    private static Set<String> settings() throws Exception {
        Matcher list = Pattern.compile("<webhooker.settings>([^<]*)</webhooker.settings>").matcher(Files.readString(Path.of("pom.xml")));
        assertThat(list.find()).isTrue();
        return Arrays.stream(list.group(1).split(",")).map(String::trim).collect(Collectors.toSet());
    }

    private static JsonNode container() throws Exception {
        return yaml(K8S.resolve("deployment.yaml")).path("spec").path("template").path("spec").path("containers").path(0);
    }

    private static Map<String, JsonNode> env(JsonNode container) {
        Map<String, JsonNode> env = new HashMap<>();
        container.path("env").forEach(e -> env.put(e.path("name").asText(), e));
        return env;
    }

    private static Map<String, Integer> namedPorts(JsonNode container) {
        Map<String, Integer> ports = new HashMap<>();
        container.path("ports").forEach(p -> ports.put(p.path("name").asText(), p.path("containerPort").asInt()));
        return ports;
    }

    @Test
    void everyVariableTheDeploymentSetsIsOneTheServiceReads() throws Exception {
        Set<String> settings = settings();
        assertThat(env(container()).keySet()).isNotEmpty().allSatisfy(name -> assertThat(settings).as(name).contains(name));
        Set<String> docker = new HashSet<>();
        Matcher env = Pattern.compile("(?m)^\\s*(?:ENV\\s+)?([A-Z_]+)=").matcher(dockerfileEnvBlock());
        while (env.find()) {
            docker.add(env.group(1));
        }
        assertThat(docker).isNotEmpty().allSatisfy(name -> assertThat(settings.contains(name) || RUNTIME_VARIABLES.contains(name)).as(name).isTrue());
    }

    @Test
    void theProbesAndTheScrapeUseServedPathsOnTheManagementPort() throws Exception {
        JsonNode application = yaml(Path.of("src/main/resources/application.yaml"));
        JsonNode management = application.path("management");
        assertThat(management.path("endpoint").path("health").path("probes").path("enabled").asBoolean()).isTrue();
        List<String> exposed = Arrays.asList(management.path("endpoints").path("web").path("exposure").path("include").asText().split(","));
        assertThat(exposed).contains("health", "prometheus");
        Set<String> served = new HashSet<>();
        management.path("endpoint").path("health").path("group").fieldNames().forEachRemaining(group -> served.add("/actuator/health/" + group));
        served.add("/actuator/prometheus");

        JsonNode container = container();
        Map<String, Integer> ports = namedPorts(container);
        Map<String, JsonNode> env = env(container);
        assertThat(ports.get("http")).isEqualTo(Integer.parseInt(env.get("PORT").path("value").asText()));
        assertThat(ports.get("management")).isEqualTo(Integer.parseInt(env.get("MANAGEMENT_PORT").path("value").asText()));
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            JsonNode get = container.path(probe).path("httpGet");
            assertThat(served).as(probe).contains(get.path("path").asText());
            assertThat(get.path("port").asText()).as(probe).isEqualTo("management");
        }
        assertThat(container.path("readinessProbe").path("httpGet").path("path").asText()).isEqualTo("/actuator/health/readiness");

        JsonNode service = yaml(K8S.resolve("service.yaml"));
        assertThat(ports).containsKey(service.path("spec").path("ports").path(0).path("targetPort").asText());
        JsonNode annotations = service.path("metadata").path("annotations");
        assertThat(served).contains(annotations.path("prometheus.io/path").asText());
        assertThat(annotations.path("prometheus.io/port").asInt()).isEqualTo(ports.get("management"));

        String dockerfile = Files.readString(Path.of("deploy/Dockerfile"));
        assertThat(dockerfile).contains("EXPOSE " + defaultOf(application, "PORT") + " " + defaultOf(application, "MANAGEMENT_PORT"));
        Matcher healthcheck = Pattern.compile("curl -fsS http://127.0.0.1:(\\d+)(/\\S+)").matcher(dockerfile);
        assertThat(healthcheck.find()).isTrue();
        assertThat(healthcheck.group(1)).isEqualTo(defaultOf(application, "MANAGEMENT_PORT"));
        assertThat(served).contains(healthcheck.group(2));
    }

    @Test
    void everySecretReferenceResolvesAndEveryCredentialComesFromTheSecret() throws Exception {
        JsonNode secret = yaml(K8S.resolve("secret.example.yaml"));
        String name = secret.path("metadata").path("name").asText();
        Set<String> keys = new HashSet<>();
        secret.path("stringData").fieldNames().forEachRemaining(keys::add);
        List<String> fromSecret = new ArrayList<>();
        env(container()).forEach((variable, entry) -> {
            JsonNode ref = entry.path("valueFrom").path("secretKeyRef");
            if (!ref.isMissingNode()) {
                assertThat(ref.path("name").asText()).isEqualTo(name);
                assertThat(keys).contains(ref.path("key").asText());
                fromSecret.add(variable);
            }
        });
        assertThat(fromSecret).containsExactlyInAnyOrderElementsOf(keys);
        for (String credential : List.of("WEBHOOKER_SECRET_KEY", "DATABASE_PASSWORD", "S3_SECRET_KEY", "GITHUB_WEBHOOK_SECRET", "DISCORD_TOKEN",
                "TELEGRAM_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "GITHUB_CLIENT_SECRET")) {
            assertThat(fromSecret).as(credential + " only ever from the Secret").contains(credential);
        }
    }

    @Test
    void theConfigMapIsAValidConfigFileMountedWhereWebhookerConfigPoints() throws Exception {
        JsonNode configMap = yaml(K8S.resolve("configmap.yaml"));
        JsonNode deployment = yaml(K8S.resolve("deployment.yaml"));
        Map<String, JsonNode> env = env(container());
        Path file = Path.of(env.get("WEBHOOKER_CONFIG").path("value").asText());
        JsonNode mount = container().path("volumeMounts").path(0);
        JsonNode volume = deployment.path("spec").path("template").path("spec").path("volumes").path(0);
        assertThat(volume.path("name").asText()).isEqualTo(mount.path("name").asText());
        assertThat(volume.path("configMap").path("name").asText()).isEqualTo(configMap.path("metadata").path("name").asText());
        assertThat(file.getParent().toString()).isEqualTo(mount.path("mountPath").asText());
        String content = configMap.path("data").path(file.getFileName().toString()).asText();
        assertThat(new ConfigFileReader().parse(content.getBytes(StandardCharsets.UTF_8), "configmap").groups()).isNotEmpty();
        assertThat(ConfigFileMode.parse(env.get("WEBHOOKER_CONFIG_MODE").path("value").asText())).isEqualTo(ConfigFileMode.SYNC);
    }

    @Test
    void selectorsMeetAndTheShutdownFitsTheGracePeriod() throws Exception {
        JsonNode deployment = yaml(K8S.resolve("deployment.yaml"));
        JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
        for (String file : List.of("service.yaml", "poddisruptionbudget.yaml", "networkpolicy.yaml")) {
            JsonNode spec = yaml(K8S.resolve(file)).path("spec");
            JsonNode selector = spec.has("podSelector") ? spec.path("podSelector").path("matchLabels")
                    : spec.path("selector").has("matchLabels") ? spec.path("selector").path("matchLabels") : spec.path("selector");
            assertThat(selector.isEmpty()).as(file).isFalse();
            selector.fields().forEachRemaining(e -> assertThat(labels.path(e.getKey()).asText()).as(file).isEqualTo(e.getValue().asText()));
        }
        Map<String, Integer> ports = namedPorts(container());
        yaml(K8S.resolve("networkpolicy.yaml")).path("spec").path("ingress")
                .forEach(rule -> rule.path("ports").forEach(p -> assertThat(ports).containsKey(p.path("port").asText())));
        Duration shutdown = Duration.parse("PT" + env(container()).get("SHUTDOWN_TIMEOUT").path("value").asText().toUpperCase());
        assertThat(deployment.path("spec").path("template").path("spec").path("terminationGracePeriodSeconds").asLong())
                .isGreaterThan(shutdown.toSeconds());
        JsonNode security = deployment.path("spec").path("template").path("spec").path("securityContext");
        assertThat(security.path("runAsNonRoot").asBoolean()).isTrue();
        assertThat(Files.readString(Path.of("deploy/Dockerfile"))).containsPattern("(?m)^USER 10001$");
    }

    @Test
    void theImageRunsWithTheSuggestedJvmOptions() throws Exception {
        Matcher suggested = Pattern.compile("JAVA_TOOL_OPTIONS=\"([^\"]+)\"").matcher(Files.readString(Path.of("docs/performance.md")));
        assertThat(suggested.find()).isTrue();
        assertThat(dockerfileEnvBlock()).contains("JAVA_TOOL_OPTIONS=\"" + suggested.group(1) + "\"");
    }

    /** The Dockerfile's ENV instruction with its continuation lines. */
    private static String dockerfileEnvBlock() throws Exception {
        String dockerfile = Files.readString(Path.of("deploy/Dockerfile"));
        Matcher block = Pattern.compile("(?ms)^ENV .*?[^\\\\]$").matcher(dockerfile);
        assertThat(block.find()).isTrue();
        return block.group();
    }

    /** The default of {@code ${NAME:default}} in application.yaml. */
    private static String defaultOf(JsonNode application, String variable) throws Exception {
        Matcher m = Pattern.compile("\\$\\{" + variable + ":([^}]*)}").matcher(Files.readString(Path.of("src/main/resources/application.yaml")));
        assertThat(m.find()).as(variable).isTrue();
        return m.group(1);
    }
}
