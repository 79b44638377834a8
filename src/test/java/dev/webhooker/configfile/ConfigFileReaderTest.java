package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.FilterNode;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;

import dev.webhooker.platform.discord.DiscordTarget;

class ConfigFileReaderTest {

    private final ConfigFileReader reader = new ConfigFileReader();

    private ConfigDocument parse(String yaml) {
        return reader.parse(yaml.getBytes(StandardCharsets.UTF_8), "config/webhooker.yaml");
    }

    @Test
    void theExampleFileLoadsAndValidates() {
        ConfigDocument example = reader.read(Path.of("config/webhooker.example.yaml"), "config/webhooker.example.yaml");

        assertThat(example.groups()).extracting(g -> g.id()).containsExactly("default");
        assertThat(example.groups().get(0).owners()).as("no gate as copied: every repository's events pass").isEmpty();
        assertThat(example.routes()).extracting(Route::id)
                .containsExactly("pushes", "pull-requests", "releases", "ci-failures", "everything-else");
        assertThat(example.routes().get(0).targets()).containsExactly(new DiscordTarget("222222222222222222", null));
        assertThat(example.routes().get(1).filters().get(1).match()).containsExactly("/\\[bot\\]$/");
        assertThat(example.routes().get(3).ast()).isInstanceOf(FilterNode.All.class);
        assertThat(example.routes().get(4).fallback()).isTrue();
    }

    @Test
    void aMinimalGroupNeedsOnlyIdAndName() {
        ConfigDocument document = parse("""
                groups:
                  - id: g
                    name: G
                routes:
                  - {id: a, name: A, enabled: true, groupId: g, filters: [{type: event, match: push}], targets: [{channelId: "100000000000000001"}]}
                """);

        assertThat(document.groups().get(0).members()).isEmpty();
    }

    @Test
    void errorsNameTheFileTheEntryAndTheField() {
        String yaml = """
                groups:
                  - id: g
                    name: G
                    members: []
                routes:
                  - id: a
                    name: A
                    enabled: true
                    groupId: g
                    filters: [{type: event, match: push}]
                    targets: [{channelId: "100000000000000001"}]
                  - id: x
                    name: X
                    enabled: true
                    groupId: g
                    filters: [{type: event, match: push}]
                    targets: [{platform: discord, threadId: "500000000000000005"}]
                """;

        assertThatThrownBy(() -> parse(yaml))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("config/webhooker.yaml: routes[1] (id \"x\", group \"g\"): targets[0].channelId: required for a discord target");
    }

    @Test
    void malformedYamlNamesLineAndColumn() {
        String yaml = "groups:\n  - id: g\n    name: [unclosed\nroutes: []\n";

        assertThatThrownBy(() -> parse(yaml))
                .hasMessageStartingWith("config/webhooker.yaml: malformed YAML at line ")
                .hasMessageMatching("(?s)config/webhooker.yaml: malformed YAML at line \\d+, column \\d+: .+")
                .hasMessageNotContaining("\n");
    }

    @Test
    void duplicateKeysAreMalformed() {
        assertThatThrownBy(() -> parse("groups: []\ngroups: []\n"))
                .hasMessageContaining("malformed YAML at line 2, column")
                .hasMessageContaining("groups");
    }

    @Test
    void shapeProblemsOfTheFile() {
        assertThatThrownBy(() -> parse("")).hasMessageStartingWith("config/webhooker.yaml: the file is empty");
        assertThatThrownBy(() -> parse("- a\n")).hasMessage("config/webhooker.yaml: the top level must be a mapping with the keys groups and routes");
        assertThatThrownBy(() -> parse("groups: []\nroute: []\n"))
                .hasMessage("config/webhooker.yaml: unknown top-level key \"route\" (expected groups and routes)");
        assertThatThrownBy(() -> parse("groups: []\nroutes: [{id: r, name: R, enabled: yes please, groupId: g}]\n"))
                .hasMessage("config/webhooker.yaml: routes[0] (id \"r\", group \"g\"): enabled: must be true or false");
    }

    @Test
    void anExplicitlyEmptyConfigurationIsValid() {
        ConfigDocument empty = parse("groups: []\nroutes: []\n");
        assertThat(empty.groups()).isEmpty();
        assertThat(empty.routes()).isEmpty();
    }
}
