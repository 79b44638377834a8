package dev.webhooker.configfile;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.SecretSeal;

/**
 * Groups and routes as the config file writes them ({@code groups:} and {@code routes:}, see
 * config/webhooker.example.yaml), with every secret sealed by this deployment's key: what
 * {@code GET /admin/api/config/export} answers and {@code java -jar webhooker.jar export-config} writes, and what
 * {@link ConfigFileReader} (and the import) take back unchanged.
 */
public final class ConfigExport {

    private final ConfigJson json;
    private final YAMLMapper yaml = new YAMLMapper();

    public ConfigExport(SecretSeal seal) {
        this.json = ConfigJson.forStorage().sealedWith(seal);
    }

    public String yaml(List<Group> groups, List<Route> routes) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        ArrayNode groupList = document.putArray("groups");
        groups.forEach(g -> groupList.add(json.write(g)));
        ArrayNode routeList = document.putArray("routes");
        routes.forEach(r -> routeList.add(json.write(r)));
        try {
            return yaml.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a configuration tree could not be written as YAML", e);
        }
    }
}
