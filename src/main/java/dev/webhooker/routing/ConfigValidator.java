package dev.webhooker.routing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import com.google.re2j.PatternSyntaxException;

/**
 * The value rules for groups and routes, with the caps on lists and lengths: every problem is reported with its entry
 * and field, all of them in one pass. A target's own rules are its platform's ({@link TargetPlatform#check}).
 * Shapes and types are checked earlier, when {@link ConfigJson} reads the wire format.
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

    public static final List<String> FILTER_TYPES = List.of("event", "repo", "actor", "action", "branch", "keyword");
    public static final List<String> ROLES = List.of("owner", "admin", "viewer");
    public static final List<String> PROVIDERS = List.of("github", "gitea");

    private static final Pattern ID = Pattern.compile("^[a-z0-9][a-z0-9-]*$");
    /** The roles a route mentions are Discord's, whose ids are snowflakes: 17 to 20 digits. */
    private static final Pattern ROLE_ID = Pattern.compile("^[0-9]{17,20}$");
    private static final Pattern HOST_LABEL = Pattern.compile("^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$");
    // en, zh, pt-BR, zh_Hans: what i18n dictionaries (and KV i18n:{lang} overrides) can be named after
    private static final Pattern LANG = Pattern.compile("^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8}){0,3}$");

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
        checkId(p, g.id());
        checkName(p, g.name());
        checkMembers(p, g.members());
        // adminIds mirror the owners among the members (checked there), so only blanks are reported here
        shortNonBlankItems(p, "adminIds", g.adminIds(), Integer.MAX_VALUE, Integer.MAX_VALUE);
        shortNonBlankItems(p, "owners", g.owners(), MAX_MEMBERS, MAX_LOGIN_LENGTH);
        for (int i = 0; i < g.providers().size(); i++) {
            String provider = g.providers().get(i);
            if (provider == null || !PROVIDERS.contains(provider)) {
                p.add("providers[" + i + "]", "unknown provider " + ConfigError.quote(provider) + " (expected github or gitea)");
            }
        }
        if (g.installationId() != null && g.installationId() <= 0) {
            p.add("installationId", "must be a positive whole number (or null to remove it)");
        }
        if (g.lang() != null && !LANG.matcher(g.lang()).matches()) {
            p.add("lang", "not a language tag: " + ConfigError.quote(g.lang()) + " (for example en, zh or pt-BR)");
        }
        checkForgeSources(p, g.forgeSources());
        if (g.logTarget() != null && !TargetPlatforms.of(g.logTarget()).carriesGroupLog()) {
            p.add("logTarget.platform", "the group log is a chat message: " + TargetPlatforms.names(TargetPlatform::carriesGroupLog));
        } else if (g.logTarget() != null) {
            checkTarget(p, "logTarget", g.logTarget());
        }
        return p.errors;
    }

    /** The rules of one route on its own (no uniqueness, no group lookup, no limits); {@code entry} labels the errors. */
    public List<ConfigError> validateRoute(String entry, Route r) {
        Problems p = new Problems(entry);
        checkId(p, r.id());
        checkName(p, r.name());
        if (r.groupId() == null || r.groupId().isBlank()) {
            p.add("groupId", "required: the id of the route's group");
        }
        if (r.filters().size() > MAX_FILTERS) {
            p.add("filters", "too many filters (" + r.filters().size() + "; at most " + MAX_FILTERS + ")");
        }
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
        if (r.targets().isEmpty()) {
            p.add("targets", "at least one target is required");
        } else if (r.targets().size() > MAX_TARGETS) {
            p.add("targets", "too many targets (" + r.targets().size() + "; at most " + MAX_TARGETS + ")");
        }
        for (int i = 0; i < r.targets().size(); i++) {
            checkTarget(p, "targets[" + i + "]", r.targets().get(i));
        }
        shortNonBlankItems(p, "discordRoleIds", r.discordRoleIds(), MAX_MEMBERS, MAX_TARGET_ID_LENGTH);
        for (int i = 0; i < r.discordRoleIds().size(); i++) {
            String role = r.discordRoleIds().get(i);
            if (role != null && !role.isBlank() && !ROLE_ID.matcher(role).matches()) {
                p.add("discordRoleIds[" + i + "]", "a Discord role id: 17 to 20 digits");
            }
        }
        return p.errors;
    }

    private static void checkId(Problems p, String id) {
        if (id == null || id.isEmpty()) {
            p.add("id", "required");
        } else if (id.length() > MAX_ID_LENGTH) {
            p.add("id", "longer than " + MAX_ID_LENGTH + " characters");
        } else if (!ID.matcher(id).matches()) {
            p.add("id", "invalid id " + ConfigError.quote(id) + " (lower-case letters, digits and '-', not starting with '-')");
        }
    }

    private static void checkName(Problems p, String name) {
        if (name == null || name.isBlank()) {
            p.add("name", "required (not blank)");
        } else if (name.length() > MAX_NAME_LENGTH) {
            p.add("name", "longer than " + MAX_NAME_LENGTH + " characters");
        } else if (name.indexOf('\u0000') >= 0) {
            // PostgreSQL's text cannot hold it: refused here on every store alike
            p.add("name", "must not contain the NUL character");
        }
    }

    private static void checkMembers(Problems p, List<Group.Member> members) {
        if (members.size() > MAX_MEMBERS) {
            p.add("members", "too many members (" + members.size() + "; at most " + MAX_MEMBERS + ")");
            return;
        }
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Integer> seenIds = new HashMap<>();
        for (int i = 0; i < members.size(); i++) {
            Group.Member m = members.get(i);
            String path = "members[" + i + "]";
            if (m.login() == null || m.login().isBlank()) {
                p.add(path + ".login", "required (not blank)");
            } else if (m.login().length() > MAX_LOGIN_LENGTH) {
                p.add(path + ".login", "longer than " + MAX_LOGIN_LENGTH + " characters");
            } else {
                Integer first = seen.putIfAbsent(m.login().trim().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    p.add(path + ".login", "duplicate login " + ConfigError.quote(m.login()) + " (also members[" + first + "])");
                }
            }
            if (m.userId() != null && m.userId().length() > MAX_LOGIN_LENGTH) {
                p.add(path + ".userId", "longer than " + MAX_LOGIN_LENGTH + " characters");
            } else if (m.userId() != null) {
                Integer first = seenIds.putIfAbsent(m.userId(), i);
                if (first != null) {
                    p.add(path + ".userId", "duplicate userId " + m.userId() + " (also members[" + first + "])");
                }
            }
            if (m.role() == null || !ROLES.contains(m.role())) {
                p.add(path + ".role", "unknown role " + ConfigError.quote(m.role()) + " (expected owner, admin or viewer)");
            }
        }
        // no owner among the members is allowed: super admins administer such a group (one they created, say), and
        // the first invite accepted into it adds an admin or a viewer
    }

    private static void checkForgeSources(Problems p, List<Group.ForgeSource> sources) {
        if (sources.size() > MAX_FORGE_SOURCES) {
            p.add("forgeSources", "too many entries (" + sources.size() + "; at most " + MAX_FORGE_SOURCES + ")");
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            Group.ForgeSource f = sources.get(i);
            String path = "forgeSources[" + i + "]";
            boolean hostOk = isHostname(f.host());
            if (!hostOk) {
                p.add(path + ".host", "not a valid host name: " + ConfigError.quote(f.host()));
            }
            boolean typeOk = f.type() != null && PROVIDERS.contains(f.type());
            if (!typeOk) {
                p.add(path + ".type", "unknown type " + ConfigError.quote(f.type()) + " (expected github or gitea)");
            }
            if (f.name() != null && f.name().length() > MAX_FORGE_NAME_LENGTH) {
                p.add(path + ".name", "longer than " + MAX_FORGE_NAME_LENGTH + " characters");
            }
            if (hostOk && typeOk) {
                Integer first = seen.putIfAbsent(f.type() + ":" + f.host().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    p.add(path, "duplicate " + f.type() + " source " + ConfigError.quote(f.host()) + " (also forgeSources[" + first + "])");
                }
            }
        }
    }

    private static boolean isHostname(String host) {
        if (host == null || host.isEmpty() || host.length() > 253) {
            return false;
        }
        for (String label : host.split("\\.", -1)) {
            if (!HOST_LABEL.matcher(label).matches()) {
                return false;
            }
        }
        return true;
    }

    private static void checkFilter(Problems p, String path, Filter f) {
        if (f.type() == null || f.type().isEmpty()) {
            p.add(path + ".type", "required (expected event, repo, actor, action, branch or keyword)");
        } else if (!FILTER_TYPES.contains(f.type())) {
            p.add(path + ".type", "unknown type " + ConfigError.quote(f.type()) + " (expected event, repo, actor, action, branch or keyword)");
        }
        if (f.match().isEmpty()) {
            p.add(path + ".match", "required: a pattern or a list of patterns");
        }
        for (int i = 0; i < f.match().size(); i++) {
            String pattern = f.match().get(i);
            String at = f.match().size() == 1 ? path + ".match" : path + ".match[" + i + "]";
            if (pattern == null || pattern.isBlank()) {
                p.add(at, "must not be blank");
            } else if (pattern.length() > MAX_MATCH_LENGTH) {
                p.add(at, "longer than " + MAX_MATCH_LENGTH + " characters");
            } else if (isRegex(pattern)) {
                String problem = regexProblem(pattern.substring(1, pattern.length() - 1));
                if (problem != null) {
                    p.add(at, "invalid regular expression " + ConfigError.quote(pattern) + ": " + problem);
                }
            }
        }
    }

    /** The regex form of a pattern: at least two characters, starting and ending with '/'. */
    private static boolean isRegex(String pattern) {
        return pattern.length() >= 2 && pattern.startsWith("/") && pattern.endsWith("/");
    }

    /** Checked with the linear-time engine the matcher uses, so what passes here also compiles there. */
    private static String regexProblem(String inner) {
        try {
            com.google.re2j.Pattern.compile(inner, com.google.re2j.Pattern.CASE_INSENSITIVE);
            return null;
        } catch (PatternSyntaxException e) {
            return e.getDescription();
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

    private static void shortNonBlankItems(Problems p, String field, List<String> values, int maxItems, int maxLength) {
        if (values.size() > maxItems) {
            p.add(field, "too many entries (" + values.size() + "; at most " + maxItems + ")");
            return;
        }
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null || values.get(i).isBlank()) {
                p.add(field + "[" + i + "]", "must not be blank");
            } else if (values.get(i).length() > maxLength) {
                p.add(field + "[" + i + "]", "longer than " + maxLength + " characters");
            }
        }
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
    }
}
