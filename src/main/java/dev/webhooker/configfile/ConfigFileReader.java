package dev.webhooker.configfile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.TargetPolicy;

/**
 * Reads the groups-and-routes YAML file: top-level {@code groups:} and {@code routes:} lists in the wire
 * format the admin API uses (see {@code config/webhooker.example.yaml}). The whole file is parsed and
 * validated before anything is used, so an invalid file never half-applies; every problem is reported as
 * {@code <file>: <entry>: <field>: <message>}, and malformed YAML by line and column.
 */
public class ConfigFileReader {

    /** Far above 100 groups + 200 routes; a guard against pointing the setting at the wrong file. */
    static final long MAX_FILE_BYTES = 2 * 1024 * 1024;
    private static final Set<String> TOP_LEVEL = Set.of("groups", "routes");

    private final YAMLMapper yaml = YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
    private final ConfigJson json;

    /** A reader for files without sealed secrets (a sealed one is refused as not being {@code whsec_…}). */
    public ConfigFileReader() {
        this(null);
    }

    /** A reader that also takes the sealed secrets this service writes when it exports the configuration. */
    public ConfigFileReader(SecretSeal seal) {
        this(seal, TargetPolicy.NONE);
    }

    /** Also checking the deployment's rule about which targets may be written ({@code policy}). */
    public ConfigFileReader(SecretSeal seal, TargetPolicy policy) {
        this.json = ConfigJson.forInput().sealedWith(seal);
        this.validator = new ConfigValidator(policy);
    }
    private final ConfigValidator validator;

    /** Reads and validates {@code file}; problems throw {@link InvalidConfigException} prefixed with {@code name}. */
    public ConfigDocument read(Path file, String name) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw InvalidConfigException.single("", "", "cannot read the file: " + e.getMessage()).from(name);
        }
        return parse(bytes, name);
    }

    public ConfigDocument parse(byte[] bytes, String name) {
        try {
            return parse(bytes);
        } catch (InvalidConfigException e) {
            throw e.from(name);
        }
    }

    private ConfigDocument parse(byte[] bytes) {
        if (bytes.length > MAX_FILE_BYTES) {
            throw InvalidConfigException.single("", "", "the file is larger than " + MAX_FILE_BYTES / (1024 * 1024) + " MB");
        }
        JsonNode root;
        try {
            root = yaml.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw InvalidConfigException.single("", "", "malformed YAML" + where(e.getLocation()) + ": " + problem(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            // an empty file in sync mode would delete everything: say it instead of doing it
            throw InvalidConfigException.single("", "", "the file is empty (write \"groups: []\" and \"routes: []\" to remove all groups and routes)");
        }
        if (!root.isObject()) {
            throw InvalidConfigException.single("", "", "the top level must be a mapping with the keys groups and routes");
        }
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!TOP_LEVEL.contains(key)) {
                throw InvalidConfigException.single("", "", "unknown top-level key " + ConfigError.quote(key) + " (expected groups and routes)");
            }
        }
        List<ConfigError> errors = new ArrayList<>();
        List<Group> groups = List.of();
        List<Route> routes = List.of();
        try {
            groups = json.readGroups(root.get("groups"));
        } catch (InvalidConfigException e) {
            errors.addAll(e.errors());
        }
        try {
            routes = json.readRoutes(root.get("routes"));
        } catch (InvalidConfigException e) {
            errors.addAll(e.errors());
        }
        if (errors.isEmpty()) {
            errors.addAll(validator.validate(groups, routes));
        }
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
        return new ConfigDocument(groups, routes);
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** SnakeYAML's own wording without its multi-line source excerpt: "while parsing X: expected Y". */
    private static String problem(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblem() != null) {
            return marked.getContext() == null ? marked.getProblem() : marked.getContext() + ": " + marked.getProblem();
        }
        return firstLine(e.getOriginalMessage());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        String trimmed = message.strip();
        int newline = trimmed.indexOf('\n');
        return newline < 0 ? trimmed : trimmed.substring(0, newline).strip();
    }
}
