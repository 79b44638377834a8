package dev.webhooker.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingsTest {

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "DEDUP_WINDOW|7days|\"7days\" is not a positive duration such as 30s, 5m, 2h or 7d",
            "DEDUP_WINDOW|0s|\"0s\" is not a positive duration such as 30s, 5m, 2h or 7d",
            "PORT|abc|\"abc\" is not a port number from 0 to 65535 (0 picks a free one)",
            "PORT|70000|\"70000\" is not a port number from 0 to 65535 (0 picks a free one)",
            "WEBHOOK_MAX_BODY_BYTES|1 megabyte|\"1 megabyte\" is not a size in bytes, or with a unit such as 64KB or 1MB",
            "DELIVERY_RETRY_SCHEDULE|5s,,2m|\"5s,,2m\" is not comma-separated positive durations such as 5s,30s,2m,10m",
            "DELIVERY_ENABLED|maybe|\"maybe\" is not true or false",
            "DELIVERY_WORKERS|0|\"0\" is not a whole number of at least 1",
            "BASE_URL|webhooker.example.com|\"webhooker.example.com\" is not an http:// or https:// URL such as https://webhooker.example.com",
            "ADMIN_USER_IDS|octocat|\"octocat\" is not comma-separated numeric GitHub user ids such as 583231,9919",
            "PAYLOAD_SWEEP_GRACE|-1h|\"-1h\" is not a duration of zero or more, such as 0s, 30m or 1h"})
    void aMalformedValueIsOneLineWithTheVariableTheValueAndWhatIsExpected(String variable, String value, String problem) {
        assertThatThrownBy(() -> Settings.check(Map.of(variable, value)::get))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo(variable))
                .hasMessage(variable + ": " + problem);
    }

    @Test
    void everyTypedSettingRefusesGarbageAndTakesItsDefault() throws Exception {
        Map<String, String> defaults = placeholderDefaults();
        for (Setting setting : Settings.TYPED) {
            String shown = setting.kind() == SettingKind.SECRET_KEY ? "a value of 9 characters" : "\"not\\u0007valid\"";
            assertThatThrownBy(() -> Settings.check(Map.of(setting.variable(), "not\u0007valid")::get))
                    .as(setting.variable())
                    .hasMessage(setting.variable() + ": " + shown + " is not " + setting.kind().expected());
            String fallback = defaults.get(setting.variable());
            if (fallback != null && !fallback.isEmpty()) {
                Settings.check(Map.of(setting.variable(), fallback)::get);
            }
        }
        Settings.check(Map.<String, String>of()::get);
    }

    @Test
    void aTooShortSecretKeyIsDescribedByItsLengthAndNeverShown() {
        assertThatThrownBy(() -> Settings.check(Map.of("WEBHOOKER_SECRET_KEY", "hunter2-hunter2")::get))
                .hasMessage("WEBHOOKER_SECRET_KEY: a value of 15 characters is not " + SettingKind.SECRET_KEY.expected())
                .hasMessageNotContaining("hunter2");
        Settings.check(Map.of("WEBHOOKER_SECRET_KEY", "x".repeat(32))::get);
    }

    @Test
    void unsetAndBlankValuesAreNotChecked() {
        Settings.check(Map.of("PORT", " ", "DEDUP_WINDOW", "")::get);
    }

    /** The catalogue and application.yaml agree: each property is fed by its variable. */
    @Test
    void everyTypedSettingIsTheVariableOfItsPropertyInApplicationYaml() throws Exception {
        Map<String, String> variableOfProperty = applicationYamlPlaceholders();
        for (Setting setting : Settings.TYPED) {
            assertThat(variableOfProperty).as(setting.property()).containsEntry(setting.property(), setting.variable());
        }
    }

    /** Every variable application.yaml reads is kept away from the tests (pom.xml, webhooker.settings). */
    @Test
    void theTestsRunWithoutAnyVariableTheServiceReads() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher list = Pattern.compile("<webhooker.settings>([^<]*)</webhooker.settings>").matcher(pom);
        assertThat(list.find()).isTrue();
        Set<String> excluded = Arrays.stream(list.group(1).split(",")).map(String::trim).collect(Collectors.toSet());
        Set<String> read = placeholderDefaults().keySet();
        assertThat(excluded).containsAll(read).contains("WEBHOOKER_ROUTES_DIR");
        for (String variable : read) {
            assertThat(System.getenv(variable)).as("environment of the test JVM: " + variable).isNull();
        }
    }

    /** {@code property: ${VAR:default}} lines of application.yaml, as property → VAR. */
    private static Map<String, String> applicationYamlPlaceholders() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/main/resources/application.yaml"));
        Map<String, String> out = new java.util.HashMap<>();
        List<String> path = new java.util.ArrayList<>();
        Pattern line = Pattern.compile("^( *)([A-Za-z0-9_.-]+):(?: *(.*))?$");
        for (String raw : lines) {
            Matcher m = line.matcher(raw);
            if (raw.isBlank() || raw.trim().startsWith("#") || raw.trim().startsWith("-") || !m.matches()) {
                continue;
            }
            int depth = m.group(1).length() / 2;
            while (path.size() > depth) {
                path.remove(path.size() - 1);
            }
            path.add(m.group(2));
            Matcher placeholder = Pattern.compile("^\"?\\$\\{([A-Z0-9_]+)[:}]").matcher(m.group(3) == null ? "" : m.group(3));
            if (placeholder.find()) {
                out.put(String.join(".", path), placeholder.group(1));
            }
        }
        return out;
    }

    /** Every {@code ${VAR:default}} of application.yaml, as VAR → default (the outermost one). */
    private static Map<String, String> placeholderDefaults() throws Exception {
        String yaml = Files.readString(Path.of("src/main/resources/application.yaml"));
        Map<String, String> out = new java.util.HashMap<>();
        Matcher m = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]+):([^}$]*)").matcher(yaml);
        while (m.find()) {
            out.putIfAbsent(m.group(1), m.group(2));
        }
        return out;
    }
}
