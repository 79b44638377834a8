package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The configuration's JSON Schema, checked by a validator as an editor would use it: every configuration file the
 * project ships passes, and what the reader refuses for its shape (an unknown field, a wrong type, a bad id) is marked
 * by the schema too. {@code config/webhooker.schema.json} is the generated document; {@code -Dwebhooker.docs.write=true}
 * writes it again.
 */
class ConfigSchemaTest {

    private static final Path FILE = Path.of("config/webhooker.schema.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(ConfigSchema.document().toString());

    @Test
    void theCommittedSchemaIsTheGeneratedOne() throws IOException {
        String expected = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(ConfigSchema.document()) + "\n";
        if (Boolean.getBoolean("webhooker.docs.write")) {
            Files.writeString(FILE, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(FILE, StandardCharsets.UTF_8))
                .as("config/webhooker.schema.json is out of date: run this test with -Dwebhooker.docs.write=true").isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"config/webhooker.example.yaml", "bench/webhooker.bench.yaml", "bench/webhooker.ingest.yaml",
            "bench/webhooker.webhook.yaml", "bench/paging/webhooker.paging.yaml"})
    void everyShippedConfigurationPasses(String file) throws IOException {
        JsonNode config = YAML.readTree(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        assertThat(errors(config)).isEmpty();
    }

    @Test
    void whatTheReaderRefusesForItsShapeTheSchemaMarks() throws IOException {
        assertThat(errors("groups: [{id: g, name: G, memebrs: []}]")).singleElement().asString().contains("memebrs");
        assertThat(errors("groups: [{id: Bad_Id, name: G}]")).singleElement().asString().contains("/groups/0/id");
        assertThat(errors("groups: [{name: G}]")).singleElement().asString().contains("id");
        assertThat(errors("groups: [{id: g, name: G, members: [{login: a, role: boss}]}]")).isNotEmpty();
        assertThat(errors("groups: [{id: g, name: G, forgeSources: [{host: git.example.com, type: gitea}]}]")).isEmpty();
        assertThat(errors("groups: [{id: g, name: G, forgeSources: [{host: 'not a host', type: gitea}]}]")).isNotEmpty();
        assertThat(errors("groups: [{id: g, name: G, people: [{github: octocat, discord: 300000000000000003, pager: x}]}]"))
                .singleElement().asString().contains("pager");
        assertThat(errors("routes: [{id: r, groupId: g, name: R, targets: [{channelId: '111111111111111111'}]}]"))
                .as("enabled is required").singleElement().asString().contains("enabled");
        assertThat(errors("routes: [{id: r, groupId: g, name: R, enabled: yes-please, targets: [{channelId: '1'}]}]")).isNotEmpty();
        assertThat(errors("routes: [{id: r, groupId: g, name: R, enabled: true, targets: [{platform: telegram, chatId: -100, url: 'https://x.test'}]}]"))
                .as("a field of another platform").isNotEmpty();
        assertThat(errors("routes: [{id: r, groupId: g, name: R, enabled: true, targets: [{platform: pager, to: x}]}]"))
                .as("a platform nobody registered").isNotEmpty();
        assertThat(errors("routes: [{id: r, groupId: g, name: R, enabled: true, filters: [{type: colour, match: red}],"
                + " targets: [{platform: telegram, chatId: -100}]}]")).as("an unknown filter type").isNotEmpty();
        assertThat(errors("routes: [{id: r, groupId: g, name: R, enabled: true, filters: [{type: branch, match: [main, 'release/*']}],"
                + " targets: [{platform: telegram, chatId: -100, topicId: 7}]}]")).isEmpty();
    }

    private static List<Error> errors(String yaml) throws IOException {
        return errors(YAML.readTree(yaml));
    }

    private static List<Error> errors(JsonNode config) {
        return SCHEMA.validate(config);
    }
}
