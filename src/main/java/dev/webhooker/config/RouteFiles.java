package dev.webhooker.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Which Camel route files the application loads: the ones packaged under {@code routes/} on the class path
 * (so the jar runs from any directory), plus the {@code *.camel.yaml} files of {@code WEBHOOKER_ROUTES_DIR}
 * when it is set. A file there with the name of a packaged one replaces it; any other name adds routes.
 * Every file of that directory is read as YAML before start-up goes on, so a broken one stops it with one
 * line naming the file rather than failing inside Camel.
 */
record RouteFiles(List<String> packaged, Map<String, Path> fromDirectory) {

    public static final String SETTING = "WEBHOOKER_ROUTES_DIR";
    static final String PACKAGED_LOCATION = "classpath:routes/";
    private static final String SUFFIX = ".camel.yaml";
    private static final YAMLMapper YAML = new YAMLMapper();

    /** The packaged route files and those of {@code directory} (null or blank: none). */
    public static RouteFiles resolve(String directory, ClassLoader classLoader) {
        List<String> packaged = packagedNames(classLoader);
        if (directory == null || directory.isBlank()) {
            return new RouteFiles(packaged, Map.of());
        }
        Path dir = Path.of(directory.trim()).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new InvalidSettingException(SETTING, Settings.quote(directory.trim()) + " is not a directory");
        }
        Map<String, Path> files = new TreeMap<>();
        try (Stream<Path> listing = Files.list(dir)) {
            listing.filter(p -> p.getFileName().toString().endsWith(SUFFIX) && Files.isRegularFile(p))
                    .forEach(p -> files.put(p.getFileName().toString(), p));
        } catch (IOException e) {
            throw new InvalidSettingException(SETTING, "cannot list " + dir + ": " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new InvalidSettingException(SETTING, dir + " holds no *" + SUFFIX + " file");
        }
        files.forEach(RouteFiles::check);
        return new RouteFiles(packaged, files);
    }

    /** The value of {@code camel.main.routes-include-pattern}: every file by name. */
    public String includePattern() {
        List<String> locations = new ArrayList<>();
        for (String name : packaged) {
            if (!fromDirectory.containsKey(name)) {
                locations.add(PACKAGED_LOCATION + name);
            }
        }
        fromDirectory.values().forEach(p -> locations.add("file:" + p));
        return String.join(",", locations);
    }

    /** One line for the start-up log. */
    public String describe() {
        if (fromDirectory.isEmpty()) {
            return "Camel routes: " + String.join(", ", packaged) + " (packaged)";
        }
        List<String> added = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        fromDirectory.keySet().forEach(name -> (packaged.contains(name) ? replaced : added).add(name));
        Path dir = fromDirectory.values().iterator().next().getParent();
        return "Camel routes: " + String.join(", ", packaged) + " (packaged); from " + dir + ": "
                + (added.isEmpty() ? "" : "added " + String.join(", ", added))
                + (added.isEmpty() || replaced.isEmpty() ? "" : "; ")
                + (replaced.isEmpty() ? "" : "replacing the packaged " + String.join(", ", replaced));
    }

    private static List<String> packagedNames(ClassLoader classLoader) {
        try {
            Resource[] found = new PathMatchingResourcePatternResolver(classLoader).getResources(PACKAGED_LOCATION + "*" + SUFFIX);
            return Stream.of(found).map(Resource::getFilename).filter(n -> n != null).sorted().distinct().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the packaged route files", e);
        }
    }

    /** A route file is a YAML list of mappings ({@code - route: …}, {@code - routeConfiguration: …}). */
    private static void check(String name, Path file) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new InvalidSettingException(SETTING, name + ": malformed YAML" + where);
        } catch (IOException e) {
            throw new InvalidSettingException(SETTING, name + ": cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new InvalidSettingException(SETTING, name + ": must be a YAML list such as \"- route: {...}\"");
        }
        for (int i = 0; i < root.size(); i++) {
            if (!root.get(i).isObject()) {
                throw new InvalidSettingException(SETTING, name + ": entry " + (i + 1) + " is not a mapping such as \"route: {...}\"");
            }
        }
    }
}
