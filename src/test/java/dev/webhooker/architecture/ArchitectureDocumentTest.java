package dev.webhooker.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The generated parts of docs/architecture.md: the map of the Camel routes, read from routes/*.camel.yaml, and which
 * package's SQL names which table, read from the migrations and the string literals of the main sources. The test fails
 * when the page no longer says what the code does; {@code -Dwebhooker.docs.write=true} writes the page's generated
 * parts anew.
 */
class ArchitectureDocumentTest {

    private static final Path PAGE = Path.of("docs/architecture.md");
    private static final Pattern CREATE_TABLE = Pattern.compile("CREATE TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** A literal that is (part of) a statement, not a table's name used as a label or as a key. */
    private static final Pattern SQL_STATEMENT = Pattern.compile("\\b(SELECT|INSERT|UPDATE|DELETE|FROM|INTO|JOIN)\\b");
    private static final Pattern TEXT_BLOCK = Pattern.compile("\"\"\"(.*?)\"\"\"", Pattern.DOTALL);

    @Test
    void theGeneratedPartsOfThePageSayWhatTheCodeDoes() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        String expected = replaceSection(replaceSection(replaceSection(page, "routes", routeMap()), "tables", tableNames()),
                "keys", keyUsers());
        if (Boolean.getBoolean("webhooker.docs.write")) {
            Files.writeString(PAGE, expected, StandardCharsets.UTF_8);
            return;
        }
        assertThat(page).as("docs/architecture.md is out of date: run this test with -Dwebhooker.docs.write=true")
                .isEqualTo(expected);
    }

    /** The page with the text between the section's two markers replaced. */
    private static String replaceSection(String page, String name, String content) {
        String begin = "<!-- generated: " + name + " -->\n";
        String end = "<!-- end of generated: " + name + " -->";
        int from = page.indexOf(begin);
        int to = page.indexOf(end);
        assertThat(from).as("the page has the markers of section " + name).isGreaterThanOrEqualTo(0);
        assertThat(to).as("the page has the end marker of section " + name).isGreaterThan(from);
        return page.substring(0, from + begin.length()) + content + page.substring(to);
    }

    /** One row per route: where it starts, the endpoints its steps send to, its error handling. */
    @SuppressWarnings("unchecked")
    static String routeMap() throws IOException {
        StringBuilder md = new StringBuilder("| file | route | starts from | sends to | errors handled by |\n|---|---|---|---|---|\n");
        try (Stream<Path> files = Files.list(Path.of("routes"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".camel.yaml")).sorted().toList()) {
                List<Object> items = new Yaml().load(Files.readString(file, StandardCharsets.UTF_8));
                for (Object item : items) {
                    Map<String, Object> route = (Map<String, Object>) ((Map<String, Object>) item).get("route");
                    if (route == null) {
                        continue;
                    }
                    Map<String, Object> from = (Map<String, Object>) route.get("from");
                    Set<String> sendsTo = new TreeSet<>();
                    collectEndpoints(from.get("steps"), sendsTo);
                    Object errors = route.get("routeConfigurationId");
                    md.append("| ").append(file.getFileName()).append(" | `").append(route.get("id")).append("` | `")
                            .append(from.get("uri")).append("` | ")
                            .append(sendsTo.isEmpty() ? "" : "`" + String.join("`, `", sendsTo) + "`").append(" | ")
                            .append(errors == null ? "" : "`" + errors + "`").append(" |\n");
                }
            }
        }
        return md.toString();
    }

    @SuppressWarnings("unchecked")
    private static void collectEndpoints(Object node, Set<String> endpoints) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                if (("to".equals(key) || "toD".equals(key) || "wireTap".equals(key))) {
                    Object uri = value instanceof Map<?, ?> m ? ((Map<String, Object>) m).get("uri") : value;
                    if (uri != null) {
                        endpoints.add(uri.toString());
                    }
                } else {
                    collectEndpoints(value, endpoints);
                }
            });
        } else if (node instanceof Collection<?> list) {
            list.forEach(element -> collectEndpoints(element, endpoints));
        }
    }

    @Test
    void onlyTheQueuesStatementsNameTheQueueTables() throws IOException {
        Map<String, Set<String>> packages = packagesByTable(SQL_STATEMENT.asPredicate());
        assertThat(packages.get("delivery_state")).containsExactly("queue");
        assertThat(packages.get("delivery_targets")).containsExactly("queue");
    }

    /** One row per KV key pattern of {@code store.KvKeys}: its time to live and the packages whose code uses it. */
    static String keyUsers() throws IOException {
        Path sources = Path.of("src/main/java/dev/webhooker");
        Map<String, Set<String>> packagesByKey = new TreeMap<>();
        Pattern use = Pattern.compile("KvKeys\\.([A-Z][A-Z0-9_]*)\\b");
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("store/KvKeys.java")).toList()) {
                String pkg = sources.relativize(file.getParent()).toString().replace('/', '.');
                Matcher m = use.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    packagesByKey.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(pkg);
                }
            }
        }
        StringBuilder md = new StringBuilder("| key | time to live | packages that use it |\n|---|---|---|\n");
        for (dev.webhooker.store.KvKeys key : dev.webhooker.store.KvKeys.values()) {
            String ttl = key.permanent() ? "none" : key.ttlFollowsTokenLifetime() ? "the token's lifetime" : spoken(key.ttl());
            Set<String> packages = packagesByKey.getOrDefault(key.name(), Set.of());
            md.append("| `").append(key.pattern()).append("` | ").append(ttl).append(" | ")
                    .append(packages.isEmpty() ? "none (a key of the storage layout that this code keeps elsewhere)" : String.join(", ", packages))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** {@code duration} in the largest whole unit: 7 days, 1 hour, 10 minutes, 600 seconds stays 10 minutes. */
    private static String spoken(java.time.Duration duration) {
        long seconds = duration.toSeconds();
        for (Object[] unit : new Object[][] {{86_400L, "day"}, {3_600L, "hour"}, {60L, "minute"}, {1L, "second"}}) {
            long size = (Long) unit[0];
            if (seconds % size == 0) {
                long count = seconds / size;
                return count + " " + unit[1] + (count == 1 ? "" : "s");
            }
        }
        return duration.toString();
    }

    /** One row per table of the PostgreSQL migrations: the packages whose string literals name it. */
    static String tableNames() throws IOException {
        Map<String, Set<String>> packagesByTable = packagesByTable(literal -> true);
        StringBuilder md = new StringBuilder("| table | packages whose SQL names it |\n|---|---|\n");
        for (Map.Entry<String, Set<String>> table : packagesByTable.entrySet()) {
            md.append("| `").append(table.getKey()).append("` | ").append(String.join(", ", table.getValue())).append(" |\n");
        }
        return md.toString();
    }

    /** Every table of the PostgreSQL migrations, with the packages that name it in a string literal that passes {@code counts}. */
    static Map<String, Set<String>> packagesByTable(java.util.function.Predicate<String> counts) throws IOException {
        Set<String> tables = new TreeSet<>();
        try (Stream<Path> migrations = Files.list(Path.of("src/main/resources/db/migration/postgresql"))) {
            for (Path migration : migrations.filter(f -> f.toString().endsWith(".sql")).toList()) {
                Matcher m = CREATE_TABLE.matcher(Files.readString(migration, StandardCharsets.UTF_8));
                while (m.find()) {
                    tables.add(m.group(1));
                }
            }
        }
        Path sources = Path.of("src/main/java/dev/webhooker");
        Map<String, Set<String>> packagesByTable = new TreeMap<>();
        tables.forEach(table -> packagesByTable.put(table, new TreeSet<>()));
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String pkg = sources.relativize(file.getParent()).toString().replace('/', '.');
                List<String> literals = new ArrayList<>();
                String source = Files.readString(file, StandardCharsets.UTF_8);
                Matcher blocks = TEXT_BLOCK.matcher(source);
                while (blocks.find()) {
                    literals.add(blocks.group(1));
                }
                Matcher m = STRING_LITERAL.matcher(TEXT_BLOCK.matcher(source).replaceAll(""));
                while (m.find()) {
                    literals.add(m.group(1));
                }
                for (String table : tables) {
                    Pattern named = Pattern.compile("(?<![A-Za-z0-9_:{-])" + table + "(?![A-Za-z0-9_:}-])");
                    if (literals.stream().anyMatch(l -> counts.test(l) && named.matcher(l).find())) {
                        packagesByTable.computeIfAbsent(table, t -> new TreeSet<>()).add(pkg.isEmpty() ? "(root)" : pkg);
                    }
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return packagesByTable;
    }
}
