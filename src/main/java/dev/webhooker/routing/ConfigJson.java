package dev.webhooker.routing;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Maps groups and routes between their wire format (admin API bodies, the YAML config file, exports, the JSON
 * columns of {@code d1_groups} / {@code d1_routes}) and the records of this package.
 *
 * <p>Reading binds each object to its wire record ({@link ConfigWire}: a boolean is a boolean, {@code match} is a
 * string or a list of strings, …) and applies the wire format's conversions: a legacy single {@code target} becomes
 * {@code targets:[target]}, a target without {@code platform} is the implied platform's and a target keeps only its
 * platform's fields (read by its {@link TargetPlatform}), legacy {@code adminIds} become owner members, {@code emoji}
 * defaults to true. Rules about values (patterns, lengths, references) belong to {@link ConfigValidator}. Both report
 * with {@link ConfigError}.
 *
 * <p>{@link #forInput()} is for what people write (admin API, YAML): unknown fields are errors, so a typo
 * like {@code fallbak} never passes silently.
 * {@link #forStorage()} reads what this service wrote earlier (or a D1 export) and tolerates extra fields.
 */
public final class ConfigJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final boolean strict;
    private final SecretSeal seal;

    private ConfigJson(boolean strict, SecretSeal seal) {
        this.strict = strict;
        this.seal = seal;
    }

    /** For what people write: unknown fields are errors. */
    public static ConfigJson forInput() {
        return new ConfigJson(true, null);
    }

    /** For what was stored before: extra fields are ignored. */
    public static ConfigJson forStorage() {
        return new ConfigJson(false, null);
    }

    /**
     * The same reading rules, with target secrets sealed by {@code seal} when written and opened when read sealed.
     * Without one, a target secret cannot be written at all (so it never leaves in clear) and only clear ones are read.
     */
    public ConfigJson sealedWith(SecretSeal seal) {
        return new ConfigJson(strict, seal);
    }

    public ObjectMapper mapper() {
        return MAPPER;
    }

    // ---------------------------------------------------------------- reading

    /** A group list; {@code null} or a missing node is an empty list. All entries are read before failing. */
    public List<Group> readGroups(JsonNode node) {
        List<Group> groups = new ArrayList<>();
        List<ConfigError> errors = new ArrayList<>();
        for (JsonNode element : listOrRefused(node, "groups")) {
            int index = groups.size() + errors.size();
            String entry = ConfigError.groupEntry(index, idOf(element, "id"));
            try {
                groups.add(group(element));
            } catch (FieldProblem p) {
                errors.add(ConfigError.of(entry, p.field, p.getMessage()));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
        return groups;
    }

    /** A route list; {@code null} or a missing node is an empty list. All entries are read before failing. */
    public List<Route> readRoutes(JsonNode node) {
        List<Route> routes = new ArrayList<>();
        List<ConfigError> errors = new ArrayList<>();
        for (JsonNode element : listOrRefused(node, "routes")) {
            int index = routes.size() + errors.size();
            String entry = ConfigError.routeEntry(index, idOf(element, "id"), idOf(element, "groupId"));
            try {
                routes.add(route(element));
            } catch (FieldProblem p) {
                errors.add(ConfigError.of(entry, p.field, p.getMessage()));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
        return routes;
    }

    public Group readGroup(JsonNode node) {
        try {
            return group(node);
        } catch (FieldProblem p) {
            throw InvalidConfigException.single(ConfigError.groupEntry(-1, idOf(node, "id")), p.field, p.getMessage());
        }
    }

    public Route readRoute(JsonNode node) {
        try {
            return route(node);
        } catch (FieldProblem p) {
            throw InvalidConfigException.single(ConfigError.routeEntry(-1, idOf(node, "id"), idOf(node, "groupId")),
                    p.field, p.getMessage());
        }
    }

    /** A group stored as JSON text (the {@code d1_groups.data} column). */
    public Group readGroup(String json) {
        return readGroup(parse(json));
    }

    /** The {@code d1_routes.filters} column. */
    public List<Filter> readFilters(String json) {
        return wrap("filters", () -> filters(parse(json), "filters"));
    }

    /** One target stored as JSON text (a plan's {@code delivery_targets.target_json}). */
    public Target readTarget(String json) {
        return wrap("target", () -> target(parse(json), "target"));
    }

    /** One target as a JSON object (a plan's id columns, in the target's field names). */
    public Target readTarget(JsonNode node) {
        return wrap("target", () -> target(node, "target"));
    }

    /** The {@code d1_routes.targets} column. */
    public List<Target> readTargets(String json) {
        return wrap("targets", () -> targets(parse(json), "targets"));
    }

    /** The {@code d1_routes.ast} column; {@code null} text or JSON {@code null} means "no tree". */
    public FilterNode readAst(String json) {
        return json == null ? null : wrap("ast", () -> ast(parse(json), "ast"));
    }

    /** The {@code d1_routes.discord_role_ids} column. */
    public List<String> readStrings(String json, String field) {
        return json == null ? List.of() : wrap(field, () -> strings(parse(json), field, true));
    }

    private JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw InvalidConfigException.single("", "", "not JSON: " + e.getOriginalMessage());
        }
    }

    private <T> T wrap(String what, java.util.function.Supplier<T> reader) {
        try {
            return reader.get();
        } catch (FieldProblem p) {
            throw InvalidConfigException.single("", p.field, p.getMessage());
        }
    }

    private Group group(JsonNode node) {
        ConfigWire.GroupJson g = ConfigWire.bind(node, ConfigWire.GroupJson.class, "", strict);
        List<Group.Member> members;
        if (g.members() != null) {
            members = new ArrayList<>();
            for (ConfigWire.MemberJson m : g.members()) {
                members.add(new Group.Member(m.login(), m.role(), m.userId()));
            }
        } else if (g.adminIds() != null) {
            // legacy groups list their owners as adminIds only
            members = g.adminIds().stream().map(login -> new Group.Member(login, "owner")).toList();
        } else {
            // none yet: only super admins manage the group until someone is added
            members = List.of();
        }
        List<Group.ForgeSource> forgeSources = new ArrayList<>();
        for (ConfigWire.ForgeSourceJson f : orEmpty(g.forgeSources())) {
            String name = f.name() == null || f.name().isBlank() ? null : f.name().trim();
            forgeSources.add(new Group.ForgeSource(f.host(), f.type(), name));
        }
        return new Group(g.id(), g.name(), members, ownerLogins(members), g.owners(), g.providers(), g.installationId(),
                orElse(g.emoji(), true), forgeSources, g.lang(),
                present(g.logTarget()) ? target(g.logTarget(), "logTarget") : null,
                orElse(g.requireReplayProtection(), false), orElse(g.globalWebhook(), true), people(g.people()));
    }

    /**
     * {@code people}: objects of {@code github} and an account per platform, by the platform's name. An id written as
     * a whole number (YAML leaves a Discord or Telegram id unquoted) is read as its digits; which names a person may
     * carry is the validator's to say.
     */
    private static List<Group.Person> people(List<JsonNode> nodes) {
        List<Group.Person> people = new ArrayList<>();
        for (int i = 0; i < orEmpty(nodes).size(); i++) {
            JsonNode node = nodes.get(i);
            String at = "people[" + i + "]";
            if (node == null || !node.isObject()) {
                throw new FieldProblem(at, "must be an object");
            }
            String github = null;
            Map<String, String> chats = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode value = field.getValue();
                String text = value.isTextual() ? value.textValue() : value.isIntegralNumber() ? value.asText() : null;
                if (text == null && !value.isNull()) {
                    throw new FieldProblem(at + "." + field.getKey(), "must be a string");
                }
                if ("github".equals(field.getKey())) {
                    github = text;
                } else if (text != null) {
                    chats.put(field.getKey(), text);
                }
            }
            people.add(new Group.Person(github, chats));
        }
        return people;
    }

    /** {@code adminIds} is derived on every save: the logins of the owners, which older readers of the format still expect. */
    private static List<String> ownerLogins(List<Group.Member> members) {
        return members.stream()
                .filter(m -> "owner".equals(m.role()) && m.login() != null)
                .map(Group.Member::login)
                .toList();
    }

    private Route route(JsonNode node) {
        ConfigWire.RouteJson r = ConfigWire.bind(node, ConfigWire.RouteJson.class, "", strict);
        List<Target> targets;
        if (r.targets() != null) {
            targets = new ArrayList<>();
            for (JsonNode t : r.targets()) {
                targets.add(target(t, "targets[" + targets.size() + "]"));
            }
        } else if (present(r.target())) {
            targets = List.of(target(r.target(), "target"));
        } else {
            targets = List.of();
        }
        if (strict && r.enabled() == null) {
            throw new FieldProblem("enabled", "required: true or false");
        }
        List<Filter> filters = orEmpty(r.filters()).stream().map(ConfigJson::filter).toList();
        return new Route(r.id(), r.groupId(), r.name(), orElse(r.enabled(), true), filters,
                present(r.ast()) ? ast(r.ast(), "ast") : null, targets, orElse(r.stop(), false),
                orElse(r.fallback(), false), r.discordRoleIds(), template(r.template()));
    }

    private static MessageTemplate template(ConfigWire.TemplateJson t) {
        MessageTemplate template = t == null ? null : new MessageTemplate(t.title(), t.body(), t.footer());
        return template == null || template.empty() ? null : template;
    }

    /** The {@code d1_routes.template} column; {@code null} text means "the formatters' own wording". */
    public MessageTemplate readTemplate(String json) {
        return json == null ? null : wrap("template", () -> template(ConfigWire.bind(parse(json), ConfigWire.TemplateJson.class,
                "template", strict)));
    }

    /** A route's template as its column holds it, or {@code null}. */
    public JsonNode writeTemplate(MessageTemplate template) {
        if (template == null) {
            return null;
        }
        ObjectNode o = NODES.objectNode();
        if (template.title() != null) {
            o.put("title", template.title());
        }
        if (template.body() != null) {
            o.put("body", template.body());
        }
        if (template.footer() != null) {
            o.put("footer", template.footer());
        }
        return o;
    }

    private static Filter filter(ConfigWire.FilterJson f) {
        return new Filter(f.type(), f.match(), orElse(f.exclude(), false));
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static boolean orElse(Boolean value, boolean absent) {
        return value == null ? absent : value;
    }

    /** The {@code d1_routes.filters} column: a list of filters. */
    private List<Filter> filters(JsonNode node, String path) {
        List<Filter> filters = new ArrayList<>();
        for (JsonNode f : list(node, path)) {
            filters.add(filter(ConfigWire.bind(f, ConfigWire.FilterJson.class, path + "[" + filters.size() + "]", strict)));
        }
        return filters;
    }

    private FilterNode ast(JsonNode node, String path) {
        if (!(node instanceof ObjectNode o)) {
            throw new FieldProblem(path, "must be an object");
        }
        // the node kind is decided by key presence, in this order: all, any, not, else a filter
        if (o.has("all")) {
            checkFields(o, path + ".", Set.of("all"));
            return new FilterNode.All(children(o.get("all"), path + ".all"));
        }
        if (o.has("any")) {
            checkFields(o, path + ".", Set.of("any"));
            return new FilterNode.Any(children(o.get("any"), path + ".any"));
        }
        if (o.has("not")) {
            checkFields(o, path + ".", Set.of("not"));
            return new FilterNode.Not(ast(o.get("not"), path + ".not"));
        }
        return new FilterNode.Leaf(filter(ConfigWire.bind(o, ConfigWire.FilterJson.class, path, strict)));
    }

    private List<FilterNode> children(JsonNode node, String path) {
        if (node == null || !node.isArray()) {
            throw new FieldProblem(path, "must be a list of filter nodes");
        }
        List<FilterNode> children = new ArrayList<>();
        for (JsonNode child : node) {
            children.add(ast(child, path + "[" + children.size() + "]"));
        }
        return children;
    }

    private List<Target> targets(JsonNode node, String path) {
        List<Target> targets = new ArrayList<>();
        for (JsonNode t : list(node, path)) {
            targets.add(target(t, path + "[" + targets.size() + "]"));
        }
        return targets;
    }

    /**
     * A target, read by its platform's {@link TargetPlatform}: the {@code platform} field picks it (none: the implied
     * one). With an unknown platform the fields are checked as the implied platform's before the platform is refused.
     */
    private Target target(JsonNode node, String path) {
        ObjectNode o = object(node, path);
        String name = text(o, "platform", path + ".platform");
        java.util.Optional<TargetPlatform> platform = name == null || name.isEmpty()
                ? java.util.Optional.of(TargetPlatforms.implied()) : TargetPlatforms.find(name);
        Set<String> fields = new java.util.HashSet<>(platform.orElseGet(TargetPlatforms::implied).fields());
        fields.add("platform");
        checkFields(o, path + ".", fields);
        if (platform.isEmpty()) {
            throw new FieldProblem(path + ".platform", "unknown platform " + ConfigError.quote(name)
                    + " (expected " + TargetPlatforms.names(p -> true) + ")");
        }
        return platform.get().read(new TargetJson(o, path, seal));
    }

    // ---------------------------------------------------------------- writing

    public ObjectNode write(Group g) {
        ObjectNode o = NODES.objectNode();
        o.put("id", g.id());
        o.put("name", g.name());
        ArrayNode members = o.putArray("members");
        for (Group.Member m : g.members()) {
            ObjectNode mo = members.addObject().put("login", m.login()).put("role", m.role());
            if (m.userId() != null) {
                mo.put("userId", m.userId());
            }
        }
        ArrayNode adminIds = o.putArray("adminIds");
        ownerLogins(g.members()).forEach(adminIds::add);
        g.owners().forEach(o.putArray("owners")::add);
        g.providers().forEach(o.putArray("providers")::add);
        if (g.installationId() != null) {
            o.put("installationId", g.installationId());
        }
        o.put("emoji", g.emoji());
        if (!g.forgeSources().isEmpty()) {
            ArrayNode sources = o.putArray("forgeSources");
            for (Group.ForgeSource f : g.forgeSources()) {
                ObjectNode fo = sources.addObject().put("host", f.host()).put("type", f.type());
                if (f.name() != null) {
                    fo.put("name", f.name());
                }
            }
        }
        if (g.lang() != null) {
            o.put("lang", g.lang());
        }
        if (g.logTarget() != null) {
            o.set("logTarget", write(g.logTarget()));
        }
        o.put("requireReplayProtection", g.requireReplayProtection());
        if (!g.globalWebhook()) {
            o.put("globalWebhook", false);
        }
        if (!g.people().isEmpty()) {
            ArrayNode people = o.putArray("people");
            for (Group.Person person : g.people()) {
                ObjectNode po = people.addObject().put("github", person.github());
                person.chats().forEach(po::put);
            }
        }
        return o;
    }

    public ObjectNode write(Route r) {
        ObjectNode o = NODES.objectNode();
        o.put("id", r.id());
        o.put("groupId", r.groupId());
        o.put("name", r.name());
        o.put("enabled", r.enabled());
        o.set("filters", writeFilters(r.filters()));
        if (r.ast() != null) {
            o.set("ast", write(r.ast()));
        }
        o.set("targets", writeTargets(r.targets()));
        o.put("stop", r.stop());
        o.put("fallback", r.fallback());
        r.discordRoleIds().forEach(o.putArray("discordRoleIds")::add);
        if (r.template() != null) {
            o.set("template", writeTemplate(r.template()));
        }
        return o;
    }

    public ObjectNode write(Target t) {
        ObjectNode o = NODES.objectNode();
        o.put("platform", t.platform());
        TargetPlatforms.of(t).write(t, new TargetJson(o, "", seal));
        return o;
    }

    public ObjectNode write(Filter f) {
        ObjectNode o = NODES.objectNode();
        o.put("type", f.type());
        f.match().forEach(o.putArray("match")::add);
        if (f.exclude()) {
            o.put("exclude", true);
        }
        return o;
    }

    public JsonNode write(FilterNode node) {
        if (node instanceof FilterNode.All all) {
            ArrayNode children = NODES.arrayNode();
            all.children().forEach(c -> children.add(write(c)));
            return NODES.objectNode().set("all", children);
        }
        if (node instanceof FilterNode.Any any) {
            ArrayNode children = NODES.arrayNode();
            any.children().forEach(c -> children.add(write(c)));
            return NODES.objectNode().set("any", children);
        }
        if (node instanceof FilterNode.Not not) {
            return NODES.objectNode().set("not", write(not.child()));
        }
        return write(((FilterNode.Leaf) node).filter());
    }

    public ArrayNode writeFilters(List<Filter> filters) {
        ArrayNode a = NODES.arrayNode();
        filters.forEach(f -> a.add(write(f)));
        return a;
    }

    public ArrayNode writeTargets(List<Target> targets) {
        ArrayNode a = NODES.arrayNode();
        targets.forEach(t -> a.add(write(t)));
        return a;
    }

    public ArrayNode writeStrings(List<String> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return a;
    }

    /** Compact JSON text, as stored in the SQL columns. */
    public String toText(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------- shape helpers

    static boolean present(JsonNode node) {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    private static ObjectNode object(JsonNode node, String path) {
        if (node instanceof ObjectNode o) {
            return o;
        }
        throw new FieldProblem(path, "must be an object");
    }

    /** The top-level list {@code path}; a node that is not a list is refused naming it (never an unchecked problem). */
    private static Iterable<JsonNode> listOrRefused(JsonNode node, String path) {
        try {
            return list(node, path);
        } catch (FieldProblem p) {
            throw InvalidConfigException.single("", p.field, p.getMessage());
        }
    }

    private static Iterable<JsonNode> list(JsonNode node, String path) {
        if (!present(node)) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new FieldProblem(path, "must be a list");
        }
        return node;
    }

    private void checkFields(ObjectNode o, String prefix, Set<String> allowed) {
        if (!strict) {
            return;
        }
        for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                Set<String> sorted = new LinkedHashSet<>(allowed.stream().sorted().toList());
                throw new FieldProblem(prefix + name, "unknown field (expected one of " + String.join(", ", sorted) + ")");
            }
        }
    }

    static String text(ObjectNode o, String key, String path) {
        JsonNode v = o.get(key);
        if (!present(v)) {
            return null;
        }
        if (!v.isTextual()) {
            throw new FieldProblem(path, "must be a string");
        }
        return v.textValue();
    }

    static String scalar(JsonNode v, String path) {
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isIntegralNumber()) {
            return v.bigIntegerValue().toString();
        }
        throw new FieldProblem(path, "must be a string");
    }

    static List<String> strings(JsonNode node, String path, boolean numbersAllowed) {
        List<String> values = new ArrayList<>();
        for (JsonNode v : list(node, path)) {
            String itemPath = path + "[" + values.size() + "]";
            values.add(numbersAllowed ? scalar(v, itemPath) : textItem(v, itemPath));
        }
        return values;
    }

    private static String textItem(JsonNode v, String path) {
        if (!v.isTextual()) {
            throw new FieldProblem(path, "must be a string");
        }
        return v.textValue();
    }

    /** The id of an entry for its error label, when it is readable at all. */
    private static String idOf(JsonNode node, String key) {
        if (node == null || !node.isObject()) {
            return null;
        }
        JsonNode v = node.get(key);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

}
