package dev.webhooker.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * The value rules for groups and routes, with the caps on lists and lengths: every problem is reported with its entry
 * and field, all of them in one pass. A target's own rules are its platform's ({@link TargetPlatform#check}).
 * Shapes and types are checked earlier, when {@link ConfigJson} reads the wire format.
 *
 * <p>The rules of one field (required, lengths, caps, patterns, allowed words) are Bean Validation constraints on the
 * records ({@link Group}, {@link Group.Member}, {@link Group.ForgeSource}, {@link Route}, {@link Filter}); what spans
 * fields or entries (duplicates, references, a route's filters or tree, the nesting of the tree, the whole
 * configuration's limits) is checked here. A field gets one problem, the most basic one (missing before too long
 * before malformed), and problems keep the order of the fields as people read an entry.
 *
 * <p>Stricter than the original where it was lenient by accident: {@code ast} is validated, ids, names,
 * logins and target coordinates have length caps, lists have size caps, {@code installationId} must be positive, {@code lang} must look like a language tag,
 * a regex pattern must compile, every route's group must exist and the instance limits apply to the
 * whole (merged) configuration, not just to one submission.
 */
public final class ConfigValidator {

    public static final int MAX_GROUPS = 100;
    public static final int MAX_ROUTES = 200;
    public static final int MAX_ID_LENGTH = 64;
    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_MATCH_LENGTH = 200;
    public static final int MAX_FILTERS = 50;
    public static final int MAX_TARGETS = 10;
    public static final int MAX_AST_DEPTH = 8;
    public static final int MAX_FORGE_SOURCES = 20;
    public static final int MAX_FORGE_NAME_LENGTH = 50;
    public static final int MAX_MEMBERS = 200;
    /** GitHub logins have at most 39 characters; numeric ids far fewer. */
    public static final int MAX_LOGIN_LENGTH = 39;
    /** Discord snowflakes have 20 digits at most, Telegram chat ids and @usernames about 33 characters. */
    public static final int MAX_TARGET_ID_LENGTH = 64;

    /** Messages are only parameters filled in: a value people wrote is never evaluated as an expression. */
    private static final Validator CONSTRAINTS = Validation.byProvider(HibernateValidator.class).configure()
            .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory().getValidator();

    private final TargetPolicy policy;

    /** The rules every deployment has. */
    public ConfigValidator() {
        this(TargetPolicy.NONE);
    }

    /** With this deployment's settings about which targets may be written at all. */
    public ConfigValidator(TargetPolicy policy) {
        this.policy = policy;
    }

    /** Every problem of a whole configuration: list limits, each group, each route, then cross-references. */
    public List<ConfigError> validate(List<Group> groups, List<Route> routes) {
        List<ConfigError> errors = new ArrayList<>();
        if (groups.size() > MAX_GROUPS) {
            errors.add(ConfigError.of("groups", "", "too many groups (" + groups.size() + "; at most " + MAX_GROUPS + ")"));
        }
        if (routes.size() > MAX_ROUTES) {
            errors.add(ConfigError.of("routes", "", "too many routes (" + routes.size() + "; at most " + MAX_ROUTES + ")"));
        }
        Map<String, Integer> groupIndex = new HashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            Group g = groups.get(i);
            String entry = ConfigError.groupEntry(i, g.id());
            errors.addAll(validateGroup(entry, g));
            if (g.id() != null) {
                Integer first = groupIndex.putIfAbsent(g.id(), i);
                if (first != null) {
                    errors.add(ConfigError.of(entry, "id", "duplicate group id " + ConfigError.quote(g.id()) + " (also groups[" + first + "])"));
                }
            }
        }
        Map<String, Integer> routeIndex = new HashMap<>();
        for (int i = 0; i < routes.size(); i++) {
            Route r = routes.get(i);
            String entry = ConfigError.routeEntry(i, r.id(), r.groupId());
            errors.addAll(validateRoute(entry, r));
            if (r.groupId() != null && !r.groupId().isBlank() && !groupIndex.containsKey(r.groupId())) {
                // routes of unknown groups would bypass every gate
                errors.add(ConfigError.of(entry, "groupId", "unknown group " + ConfigError.quote(r.groupId())));
            }
            if (r.id() != null && r.groupId() != null) {
                Integer first = routeIndex.putIfAbsent(r.groupId() + "\u0000" + r.id(), i);
                if (first != null) {
                    errors.add(ConfigError.of(entry, "id", "duplicate route id " + ConfigError.quote(r.id()) + " in group "
                            + ConfigError.quote(r.groupId()) + " (also routes[" + first + "])"));
                }
            }
        }
        return errors;
    }

    /** Throws {@link InvalidConfigException} with every problem, or returns when there is none. */
    public void requireValid(List<Group> groups, List<Route> routes) {
        List<ConfigError> errors = validate(groups, routes);
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
    }

    /** The rules of one group on its own (no uniqueness, no limits); {@code entry} labels the errors. */
    public List<ConfigError> validateGroup(String entry, Group g) {
        Problems p = new Problems(entry);
        Map<String, List<Violation>> fields = violations(g);
        p.add("", fields, "id");
        p.add("", fields, "name");
        if (!p.add("", fields, "members")) {
            checkMembers(p, g.members());
        }
        p.add("", fields, "adminIds");
        p.add("", fields, "owners");
        p.add("", fields, "providers");
        p.add("", fields, "installationId");
        p.add("", fields, "lang");
        p.add("", fields, "forgeSources");
        checkForgeSources(p, g.forgeSources());
        if (!p.add("", fields, "people")) {
            checkPeople(p, g.people());
        }
        if (g.logTarget() != null && !TargetPlatforms.of(g.logTarget()).carriesGroupLog()) {
            p.add("logTarget.platform", "the group log is a chat message: " + TargetPlatforms.names(TargetPlatform::carriesGroupLog));
        } else if (g.logTarget() != null) {
            checkTarget(p, "logTarget", g.logTarget());
            if (g.logTarget().threads()) {
                // the group log reports deliveries, not the story of one pull request
                p.add("logTarget.threads", "the group log has no threads: set threads on a route's target");
            }
        }
        return p.errors;
    }

    /** The rules of one route on its own (no uniqueness, no group lookup, no limits); {@code entry} labels the errors. */
    public List<ConfigError> validateRoute(String entry, Route r) {
        Problems p = new Problems(entry);
        Map<String, List<Violation>> fields = violations(r);
        p.add("", fields, "id");
        p.add("", fields, "name");
        p.add("", fields, "groupId");
        p.add("", fields, "filters");
        // ast replaces filters, so a route with a tree needs no flat filters
        if (r.filters().isEmpty() && r.ast() == null && !r.fallback()) {
            p.add("filters", "at least one filter is required (only fallback routes may have none)");
        }
        for (int i = 0; i < r.filters().size(); i++) {
            checkFilter(p, "filters[" + i + "]", r.filters().get(i));
        }
        if (r.ast() != null) {
            int[] leaves = {0};
            checkNode(p, "ast", r.ast(), 1, leaves);
            if (leaves[0] > MAX_FILTERS) {
                p.add("ast", "too many filters in the tree (" + leaves[0] + "; at most " + MAX_FILTERS + ")");
            }
        }
        p.add("", fields, "targets");
        for (int i = 0; i < r.targets().size(); i++) {
            checkTarget(p, "targets[" + i + "]", r.targets().get(i));
        }
        p.add("", fields, "discordRoleIds");
        if (r.template() != null) {
            checkTemplate(p, r.template());
        }
        return p.errors;
    }

    /** Each member's fields, and no login or pinned user id twice (logins compared as GitHub does, ignoring case). */
    private static void checkMembers(Problems p, List<Group.Member> members) {
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Integer> seenIds = new HashMap<>();
        for (int i = 0; i < members.size(); i++) {
            Group.Member m = members.get(i);
            String path = "members[" + i + "].";
            Map<String, List<Violation>> fields = violations(m);
            if (!p.add(path, fields, "login")) {
                Integer first = seen.putIfAbsent(m.login().trim().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    p.add(path + "login", "duplicate login " + ConfigError.quote(m.login()) + " (also members[" + first + "])");
                }
            }
            if (!p.add(path, fields, "userId") && m.userId() != null) {
                Integer first = seenIds.putIfAbsent(m.userId(), i);
                if (first != null) {
                    p.add(path + "userId", "duplicate userId " + m.userId() + " (also members[" + first + "])");
                }
            }
            p.add(path, fields, "role");
        }
        // no owner among the members is allowed: super admins administer such a group (one they created, say), and
        // the first invite accepted into it adds an admin or a viewer
    }

    /** Each part's length, and that it parses (what it leaves unfilled is checked against samples where it is saved). */
    private static void checkTemplate(Problems p, MessageTemplate template) {
        Map<String, List<Violation>> fields = violations(template);
        template.parts().forEach((part, text) -> {
            if (!p.add("template.", fields, part)) {
                String problem = MessageTemplate.syntaxProblem(text);
                if (problem != null) {
                    p.add("template." + part, problem);
                }
            }
        });
    }

    /** Each person's login and accounts (each checked by its platform), and no login twice (ignoring case). */
    private static void checkPeople(Problems p, List<Group.Person> people) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < people.size(); i++) {
            Group.Person person = people.get(i);
            String path = "people[" + i + "].";
            if (!p.add(path, violations(person), "github")) {
                Integer first = seen.putIfAbsent(person.github().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    p.add(path + "github", "duplicate login " + ConfigError.quote(person.github()) + " (also people[" + first + "])");
                }
            }
            person.chats().forEach((platform, id) -> {
                Optional<TargetPlatform> registered = TargetPlatforms.find(platform).filter(TargetPlatform::mentionsPeople);
                if (registered.isEmpty()) {
                    p.add(path + platform, "unknown field (expected github, " + TargetPlatforms.names(TargetPlatform::mentionsPeople) + ")");
                } else if (id == null || id.isBlank() || id.length() > MAX_TARGET_ID_LENGTH) {
                    p.add(path + platform, id == null || id.isBlank() ? "must not be blank" : "longer than " + MAX_TARGET_ID_LENGTH + " characters");
                } else {
                    String problem = registered.get().personIdProblem(id);
                    if (problem != null) {
                        p.add(path + platform, problem);
                    }
                }
            });
        }
    }

    /** Each source's fields, and no host twice for one type (host names compared ignoring case). */
    private static void checkForgeSources(Problems p, List<Group.ForgeSource> sources) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            Group.ForgeSource f = sources.get(i);
            String path = "forgeSources[" + i + "]";
            Map<String, List<Violation>> fields = violations(f);
            boolean hostOk = !p.add(path + ".", fields, "host");
            boolean typeOk = !p.add(path + ".", fields, "type");
            p.add(path + ".", fields, "name");
            if (hostOk && typeOk) {
                Integer first = seen.putIfAbsent(f.type() + ":" + f.host().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    p.add(path, "duplicate " + f.type() + " source " + ConfigError.quote(f.host()) + " (also forgeSources[" + first + "])");
                }
            }
        }
    }

    /** A filter's fields; a single pattern is named {@code match}, as it is usually written, one of several {@code match[1]}. */
    private static void checkFilter(Problems p, String path, Filter f) {
        Map<String, List<Violation>> fields = violations(f);
        p.add(path + ".", fields, "type");
        for (Violation v : fields.getOrDefault("match", List.of())) {
            p.add(path + "." + (f.match().size() == 1 ? "match" : v.path()), v.message());
        }
    }

    private static void checkNode(Problems p, String path, FilterNode node, int depth, int[] leaves) {
        if (depth > MAX_AST_DEPTH) {
            p.add(path, "the filter tree is nested deeper than " + MAX_AST_DEPTH + " levels");
            return;
        }
        if (node instanceof FilterNode.All all) {
            for (int i = 0; i < all.children().size(); i++) {
                checkNode(p, path + ".all[" + i + "]", all.children().get(i), depth + 1, leaves);
            }
        } else if (node instanceof FilterNode.Any any) {
            for (int i = 0; i < any.children().size(); i++) {
                checkNode(p, path + ".any[" + i + "]", any.children().get(i), depth + 1, leaves);
            }
        } else if (node instanceof FilterNode.Not not) {
            if (not.child() == null) {
                p.add(path + ".not", "required: a filter node");
            } else {
                checkNode(p, path + ".not", not.child(), depth + 1, leaves);
            }
        } else if (node instanceof FilterNode.Leaf leaf) {
            leaves[0]++;
            if (leaf.filter() == null) {
                p.add(path, "required: a filter");
            } else {
                checkFilter(p, path, leaf.filter());
            }
        }
    }

    private void checkTarget(Problems p, String path, Target t) {
        TargetProblems problems = new TargetProblems(path, p::add);
        TargetPlatforms.of(t).check(t, problems);
        policy.check(t, problems);
    }

    // ---------------------------------------------------------------- constraints

    /** One field's problem: its path inside the record ({@code owners[1]}), the list index it is at (or -1) and how basic it is. */
    private record Violation(String path, int index, int rank, String message) {
    }

    /**
     * The constraint violations of {@code record}'s own fields (not of the records it holds), by field, each field's
     * in list order, one per path: the most basic problem (missing, then a length or a cap, then a form).
     */
    private static Map<String, List<Violation>> violations(Object record) {
        Map<String, Violation> byPath = new LinkedHashMap<>();
        for (ConstraintViolation<Object> v : CONSTRAINTS.validate(record)) {
            Violation one = violation(v);
            byPath.merge(one.path(), one, (a, b) -> a.rank() <= b.rank() ? a : b);
        }
        Map<String, List<Violation>> byField = new HashMap<>();
        byPath.values().stream().sorted(Comparator.comparingInt(Violation::index))
                .forEach(v -> byField.computeIfAbsent(v.path().replaceFirst("\\[.*", ""), k -> new ArrayList<>()).add(v));
        return byField;
    }

    private static Violation violation(ConstraintViolation<?> v) {
        StringBuilder path = new StringBuilder();
        int index = -1;
        for (Path.Node node : v.getPropertyPath()) {
            if (node.getKind() == ElementKind.CONTAINER_ELEMENT) {
                if (node.getIndex() != null) {
                    index = node.getIndex();
                    path.append('[').append(index).append(']');
                }
                continue;
            }
            if (node.getName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        Class<?> kind = v.getConstraintDescriptor().getAnnotation().annotationType();
        int rank = kind == NotNull.class || kind == NotEmpty.class || kind == NotBlank.class ? 0 : kind == Size.class
                || kind == ConfigConstraints.MaxItems.class ? 1 : 2;
        return new Violation(path.toString(), index, rank, v.getMessage());
    }

    /** Errors of one entry. */
    private static final class Problems {
        final String entry;
        final List<ConfigError> errors = new ArrayList<>();

        Problems(String entry) {
            this.entry = entry;
        }

        void add(String field, String message) {
            errors.add(ConfigError.of(entry, field, message));
        }

        /** The violations of {@code field} (found by {@link #violations}), each under {@code prefix}; whether there was one. */
        boolean add(String prefix, Map<String, List<Violation>> violations, String field) {
            List<Violation> found = violations.getOrDefault(field, List.of());
            found.forEach(v -> add(prefix + v.path(), v.message()));
            return !found.isEmpty();
        }
    }
}
