package dev.webhooker.importer;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.access.ScopeResolver;
import dev.webhooker.access.SessionUser;
import dev.webhooker.importer.ImportReport.Outcome;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;
import dev.webhooker.secrets.Sha256;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Loads a WebHooker deployment's D1 export and KV dump into this one. Everything SQL (groups, routes, chat links,
 * message tracking, dedup keys from {@code dedup_keys} and from the KV's {@code delivery:…} keys, audit and send
 * logs) is one transaction, so a failure leaves the database as it was; the KV part (group webhook secrets, sealed
 * with this deployment's key, i18n overrides, sign-in sessions and pending invites) follows its commit. Every item is
 * compared with what is here: the same is "unchanged", so a second run changes nothing; the import adds and updates,
 * never deletes. A dry run does the same work and rolls it back, writing no KV. The bookkeeping tables of SQLite,
 * D1 and wrangler are skipped, and what the import has no rule for is reported, never dropped silently.
 */
public final class WebHookerImport {

    /** Tables of WebHooker's that carry nothing to move, with the reason the report gives. */
    private static final Map<String, String> SKIPPED_TABLES = Map.of(
            "delivery_state", "WebHooker's in-flight deliveries: their payloads are in its queue, not in the export;"
                    + " let WebHooker finish them before the move");

    /** The providers of WebHooker's dedup keys, {@code delivery:{provider}:{group or global}:{delivery id}}. */
    private static final Set<String> PROVIDERS = Set.of("github", "gitea", "custom");
    private static final String DELIVERY_KEY = "delivery:";
    private static final String SESSION_KEY = "session:";
    private static final String INVITE_KEY = "invite:";
    /** Session ids and invite tokens are 64 lowercase hex characters in WebHooker as here. */
    private static final Pattern HEX_64 = Pattern.compile("[0-9a-f]{64}");

    /** KV key prefixes that carry nothing to move, with the reason. */
    private static final Map<String, String> SKIPPED_KEYS = new LinkedHashMap<>();

    static {
        SKIPPED_KEYS.put("config:groups", "WebHooker's cache of d1_groups; the D1 export is read instead");
        SKIPPED_KEYS.put("config:routes", "WebHooker's cache of d1_routes; the D1 export is read instead");
        SKIPPED_KEYS.put("config:discord-app-id", "webhooker reads DISCORD_APPLICATION_ID");
        SKIPPED_KEYS.put("state:", "sign-ins under way live 10 minutes: whoever was signing in starts again");
        SKIPPED_KEYS.put("token:", "GitHub tokens, kept in clear by WebHooker: each user signs in again to give webhooker one");
        SKIPPED_KEYS.put("token-reverse:", "GitHub tokens, kept in clear by WebHooker: each user signs in again to give webhooker one");
        SKIPPED_KEYS.put("invite:group:", "WebHooker's index of a group's invites: webhooker finds the invites without it");
        SKIPPED_KEYS.put("nonce:", "replay-protection nonces live minutes");
        SKIPPED_KEYS.put("msg:lock:", "in-place edit locks live a minute");
        SKIPPED_KEYS.put("inst:lock:", "installation locks live a minute");
        SKIPPED_KEYS.put("msg:", "WebHooker's copy of message tracking; message_tracking in the D1 export is read instead");
        SKIPPED_KEYS.put("cmd:", "Discord command registration markers: webhooker registers its own commands");
        SKIPPED_KEYS.put("delivery-state:", "WebHooker's queue fallback: let WebHooker finish its deliveries before the move");
        SKIPPED_KEYS.put("queue:payload:", "WebHooker's queue fallback: let WebHooker finish its deliveries before the move");
    }

    private static final Set<String> IMPORTED_TABLES = Set.of("d1_groups", "d1_routes", "discord_links", "telegram_links",
            "message_tracking", "dedup_keys", "audit_logs", "send_logs");

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final ConfigRepository repository;
    private final KvStore kv;
    private final TenantSecrets tenants;
    private final ObjectMapper mapper;
    private final ScopeResolver scopes;
    private final Duration dedupWindow;
    private final Clock clock;
    private final ConfigJson json = ConfigJson.forStorage();
    private final ConfigValidator validator;

    /**
     * @param scopes      who has access here (ADMIN_USER_IDS and the groups' members): only their sessions are taken
     * @param dedupWindow this deployment's DEDUP_WINDOW: how long a delivery WebHooker took stays a duplicate here,
     *                    counted from when WebHooker took it
     */
    public WebHookerImport(DataSource dataSource, PlatformTransactionManager transactions, ConfigRepository repository, KvStore kv,
                           TenantSecrets tenants, ObjectMapper mapper, ScopeResolver scopes, Duration dedupWindow, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.tx = new TransactionTemplate(transactions);
        this.repository = repository;
        this.validator = new ConfigValidator(repository.targetPolicy());
        this.kv = kv;
        this.tenants = tenants;
        this.mapper = mapper;
        this.scopes = scopes;
        this.dedupWindow = dedupWindow;
        this.clock = clock;
    }

    public ImportReport run(D1Export d1, KvDump dump, boolean dryRun) {
        ImportReport report = new ImportReport();
        for (String table : d1.tables()) {
            Optional<String> internal = internal(table);
            if (internal.isPresent()) {
                d1.rows(table).forEach(row -> report.skip("table " + table, internal.get()));
            } else if (SKIPPED_TABLES.containsKey(table)) {
                d1.rows(table).forEach(row -> report.skip("table " + table, SKIPPED_TABLES.get(table)));
            } else if (!IMPORTED_TABLES.contains(table)) {
                report.unknown("table " + table + " (" + d1.rows(table).size() + " rows)");
            }
        }
        d1.deletes().forEach((table, count) -> {
            String reason = internal(table).orElse("the import adds and updates, it never deletes");
            for (int i = 0; i < count; i++) {
                report.skip("DELETE FROM " + table, reason);
            }
        });
        ConfigSnapshot merged = tx.execute(status -> {
            ConfigSnapshot config = config(d1, report);
            links(d1, "discord_links", "discord_user_id", report);
            links(d1, "telegram_links", "telegram_user_id", report);
            tracking(d1, report);
            dedup(d1, dump, report);
            audit(d1, report);
            sendLogs(d1, report);
            if (dryRun) {
                status.setRollbackOnly();
            }
            return config;
        });
        try {
            keys(dump, merged, dryRun, report);
        } catch (RuntimeException e) {
            throw new KvPartFailed(e);
        }
        return report;
    }

    /**
     * Why a table of SQLite's, D1's or wrangler's own is not imported ({@code sqlite_sequence}, {@code _cf_KV},
     * {@code d1_migrations}), or empty for any other table.
     */
    static Optional<String> internal(String table) {
        if (table.startsWith("sqlite_")) {
            return Optional.of("internal table (SQLite's bookkeeping)");
        }
        if (table.startsWith("_cf_")) {
            return Optional.of("internal table (Cloudflare D1's bookkeeping)");
        }
        if (table.startsWith("d1_") && table.endsWith("migrations")) {
            return Optional.of("internal table (wrangler's record of applied migrations)");
        }
        return Optional.empty();
    }

    /** The SQL part is committed, the KV part stopped (the KV store went away): running the import again finishes it. */
    public static final class KvPartFailed extends RuntimeException {
        KvPartFailed(RuntimeException cause) {
            super(cause.getMessage(), cause);
        }
    }

    // ---------------------------------------------------------------- groups and routes

    private ConfigSnapshot config(D1Export d1, ImportReport report) {
        ConfigSnapshot current = repository.load();
        Map<String, Group> groups = new LinkedHashMap<>();
        current.groups().forEach(g -> groups.put(g.id(), g));
        for (Map<String, Object> row : d1.rows("d1_groups")) {
            String id = text(row, "id");
            try {
                Group group = json.readGroup(text(row, "data"));
                if (!Objects.equals(group.id(), id)) {
                    report.skip("group " + id, "its data names another id (" + ConfigError.quote(group.id()) + ")");
                    continue;
                }
                List<ConfigError> problems = validator.validateGroup("group " + id, group);
                if (!problems.isEmpty()) {
                    report.skip("group " + id, describe(problems));
                    continue;
                }
                Group before = groups.put(id, group);
                report.count("groups", before == null ? Outcome.CREATED : before.equals(group) ? Outcome.UNCHANGED : Outcome.UPDATED, id);
            } catch (InvalidConfigException | IllegalArgumentException e) {
                report.skip("group " + id, "unreadable: " + e.getMessage());
            }
        }
        Map<String, Route> routes = new LinkedHashMap<>();
        current.routes().forEach(r -> routes.put(key(r.groupId(), r.id()), r));
        for (Map<String, Object> row : d1.rows("d1_routes")) {
            String groupId = Optional.ofNullable(text(row, "group_id")).filter(g -> !g.isEmpty()).orElse(null);
            String name = (groupId == null ? "" : groupId + "/") + text(row, "id");
            try {
                Route route = json.readRoute(routeNode(row, groupId));
                List<ConfigError> problems = validator.validateRoute("route " + name, route);
                if (groupId != null && !groups.containsKey(groupId)) {
                    report.skip("route " + name, "its group " + groupId + " is neither in the export nor here");
                    continue;
                }
                if (!problems.isEmpty()) {
                    report.skip("route " + name, describe(problems));
                    continue;
                }
                Route before = routes.put(key(groupId, route.id()), route);
                report.count("routes", before == null ? Outcome.CREATED : before.equals(route) ? Outcome.UNCHANGED : Outcome.UPDATED, name);
            } catch (InvalidConfigException | IllegalArgumentException e) {
                report.skip("route " + name, "unreadable: " + e.getMessage());
            }
        }
        List<Group> groupList = List.copyOf(groups.values());
        List<Route> routeList = List.copyOf(routes.values());
        if (report.count("groups", Outcome.CREATED) + report.count("groups", Outcome.UPDATED)
                + report.count("routes", Outcome.CREATED) + report.count("routes", Outcome.UPDATED) > 0) {
            validator.requireValid(groupList, routeList);
            // the operator runs the import: the chats the original delivered to keep taking their group's messages
            repository.replaceAll(groupList, routeList, ConfigOrigin.IMPORT, null,
                    () -> repository.grantChats(groupList, routeList, ChatClaim.Via.IMPORT, "webhooker import"));
        }
        return new ConfigSnapshot(0, groupList, routeList);
    }

    /** A d1_routes row as the wire format: its JSON columns parsed, its flags as booleans. */
    private ObjectNode routeNode(Map<String, Object> row, String groupId) {
        ObjectNode node = mapper.createObjectNode();
        node.put("id", text(row, "id"));
        if (groupId != null) {
            node.put("groupId", groupId);
        }
        node.put("name", text(row, "name"));
        node.put("enabled", flag(row, "enabled", true));
        node.set("filters", parsed(row, "filters"));
        node.set("targets", parsed(row, "targets"));
        node.put("stop", flag(row, "stop", false));
        node.put("fallback", flag(row, "fallback", false));
        JsonNode roles = parsed(row, "discord_role_ids");
        if (roles != null && !roles.isNull()) {
            node.set("discordRoleIds", roles);
        }
        JsonNode ast = parsed(row, "ast");
        if (ast != null && !ast.isNull()) {
            node.set("ast", ast);
        }
        return node;
    }

    private JsonNode parsed(Map<String, Object> row, String column) {
        String value = text(row, column);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return mapper.readTree(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(column + ": not JSON: " + e.getOriginalMessage());
        }
    }

    // ---------------------------------------------------------------- rows

    private void links(D1Export d1, String table, String idColumn, ImportReport report) {
        for (Map<String, Object> row : d1.rows(table)) {
            String chatUser = text(row, idColumn);
            String githubUser = text(row, "github_user_id");
            if (chatUser == null || githubUser == null) {
                report.skip(table, "a row without " + idColumn + " or github_user_id");
                continue;
            }
            List<String> existing = jdbc.queryForList("SELECT github_user_id FROM " + table + " WHERE " + idColumn + " = ?",
                    String.class, chatUser);
            if (existing.isEmpty()) {
                jdbc.update("INSERT INTO " + table + " (" + idColumn + ", github_user_id) VALUES (?, ?)", chatUser, githubUser);
                report.count(table, Outcome.CREATED, chatUser);
            } else if (existing.get(0).equals(githubUser)) {
                report.count(table, Outcome.UNCHANGED, chatUser);
            } else {
                jdbc.update("UPDATE " + table + " SET github_user_id = ? WHERE " + idColumn + " = ?", githubUser, chatUser);
                report.count(table, Outcome.UPDATED, chatUser);
            }
        }
    }

    /** A message tracked here already is newer than WebHooker's (this deployment edited it since). */
    private void tracking(D1Export d1, ImportReport report) {
        for (Map<String, Object> row : d1.rows("message_tracking")) {
            String name = text(row, "event_id") + " " + text(row, "target_id");
            int added = jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, ?, ?, ?)"
                    + " ON CONFLICT DO NOTHING", text(row, "event_id"), text(row, "target_id"), text(row, "message_id"),
                    number(row, "updated_at"));
            report.count("message_tracking", added == 1 ? Outcome.CREATED : Outcome.UNCHANGED, name);
        }
    }

    /**
     * So a sender's redelivery of an event WebHooker took is still a duplicate here. WebHooker claimed {@code
     * delivery:{provider}:{group or global}:{delivery id}}, in {@code dedup_keys} or, without D1, as a KV key; the
     * ingress here claims the same key without the {@code delivery:} prefix. A claim lasts this deployment's dedup
     * window from when WebHooker took the delivery, or as long as WebHooker kept it if that is longer (WebHooker
     * kept its claims 120 s, shorter than GitHub's redeliveries come). A KV key does not say when it was taken, so its
     * window counts from the import. A claim here already is never shortened.
     */
    private void dedup(D1Export d1, KvDump dump, ImportReport report) {
        long now = clock.millis();
        for (Map<String, Object> row : d1.rows("dedup_keys")) {
            Optional<String> key = dedupKey(text(row, "key"));
            if (key.isEmpty()) {
                report.skip("dedup_keys", "not a key of WebHooker's delivery:{provider}:{group}:{delivery id}");
                continue;
            }
            Long claimedAt = number(row, "claimed_at");
            Long expiresAt = number(row, "expires_at");
            long until = Math.max(expiresAt == null ? 0 : expiresAt, claimedAt == null ? 0 : claimedAt + dedupWindow.toMillis());
            claim("dedup_keys", key.get(), claimedAt == null ? now : claimedAt, until, now, report);
        }
        for (KvDump.Entry entry : dump.entries()) {
            if (!entry.key().startsWith(DELIVERY_KEY)) {
                continue;
            }
            Optional<String> key = dedupKey(entry.key());
            if (key.isEmpty()) {
                report.skip("key delivery:…", "not a key of WebHooker's delivery:{provider}:{group}:{delivery id}");
                continue;
            }
            long kept = entry.expiration() == null ? Long.MAX_VALUE : entry.expiration() * 1000;
            if (kept <= now) {
                report.skip("key delivery:…", "expired");
                continue;
            }
            claim("dedup keys from KV", key.get(), now, Math.max(kept == Long.MAX_VALUE ? 0 : kept, now + dedupWindow.toMillis()),
                    now, report);
        }
    }

    private void claim(String kind, String key, long claimedAt, long until, long now, ImportReport report) {
        if (until <= now) {
            report.skip(kind, "expired");
            return;
        }
        if (jdbc.update("INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                key, claimedAt, until) == 1) {
            report.count(kind, Outcome.CREATED, key);
        } else if (jdbc.update("UPDATE dedup_keys SET expires_at = ? WHERE key = ? AND expires_at < ?", until, key, until) == 1) {
            report.count(kind, Outcome.UPDATED, key);
        } else {
            report.count(kind, Outcome.UNCHANGED, key);
        }
    }

    /** The ingress's claim ({@code {provider}:{group or global}:{delivery id}}) for one of WebHooker's dedup keys. */
    static Optional<String> dedupKey(String original) {
        if (original == null || !original.startsWith(DELIVERY_KEY)) {
            return Optional.empty();
        }
        String key = original.substring(DELIVERY_KEY.length());
        String[] parts = key.split(":", 3);
        if (parts.length != 3 || !PROVIDERS.contains(parts[0]) || parts[1].isEmpty() || parts[2].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(key);
    }

    /** Rows get ids of this database; a row already here (same time, action, actor, target) is not added twice. */
    private void audit(D1Export d1, ImportReport report) {
        for (Map<String, Object> row : d1.rows("audit_logs")) {
            Object[] identity = {number(row, "ts"), text(row, "action"), text(row, "actor_id"), text(row, "target_id"),
                    text(row, "group_id")};
            Integer here = jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE ts = ? AND action = ?"
                    + " AND actor_id IS NOT DISTINCT FROM ? AND target_id IS NOT DISTINCT FROM ? AND group_id IS NOT DISTINCT FROM ?",
                    Integer.class, identity);
            if (here != null && here > 0) {
                report.count("audit_logs", Outcome.UNCHANGED, String.valueOf(row.get("id")));
                continue;
            }
            jdbc.update("INSERT INTO audit_logs (ts, actor_id, actor_login, action, target_type, target_id, group_id, detail, ip)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", number(row, "ts"), text(row, "actor_id"), text(row, "actor_login"),
                    text(row, "action"), text(row, "target_type"), text(row, "target_id"), text(row, "group_id"),
                    text(row, "detail"), text(row, "ip"));
            report.count("audit_logs", Outcome.CREATED, String.valueOf(row.get("id")));
        }
    }

    private static final List<String> SEND_LOG_COLUMNS = List.of("ts", "route_id", "event", "repo", "target", "ok", "error",
            "status", "message_id", "delivery_id", "platform", "actor", "action", "duration_ms", "error_code", "attempts",
            "detail", "group_id");

    private void sendLogs(D1Export d1, ImportReport report) {
        String insert = "INSERT INTO send_logs (" + String.join(", ", SEND_LOG_COLUMNS) + ") VALUES ("
                + String.join(", ", SEND_LOG_COLUMNS.stream().map(c -> "?").toList()) + ")";
        for (Map<String, Object> row : d1.rows("send_logs")) {
            Integer here = jdbc.queryForObject("SELECT COUNT(*) FROM send_logs WHERE ts = ? AND route_id = ? AND target = ?"
                    + " AND delivery_id IS NOT DISTINCT FROM ? AND ok = ?", Integer.class, number(row, "ts"), text(row, "route_id"),
                    text(row, "target"), text(row, "delivery_id"), number(row, "ok"));
            if (here != null && here > 0) {
                report.count("send_logs", Outcome.UNCHANGED, String.valueOf(row.get("id")));
                continue;
            }
            List<Object> values = new ArrayList<>();
            for (String column : SEND_LOG_COLUMNS) {
                Object value = row.get(column);
                values.add(value instanceof Double d ? (Object) d.longValue() : value);
            }
            jdbc.update(insert, values.toArray());
            report.count("send_logs", Outcome.CREATED, String.valueOf(row.get("id")));
        }
    }

    // ---------------------------------------------------------------- KV

    private void keys(KvDump dump, ConfigSnapshot config, boolean dryRun, ImportReport report) {
        long nowSeconds = clock.instant().getEpochSecond();
        Set<String> groups = config.groupsById().keySet();
        for (KvDump.Entry entry : dump.entries()) {
            String key = entry.key();
            if (key.startsWith(DELIVERY_KEY)) {
                // taken into dedup_keys with the SQL part, and reported there
                continue;
            }
            if (entry.expiration() != null && entry.expiration() <= nowSeconds) {
                report.skip("key " + prefix(key), "expired");
            } else if (key.startsWith("tenant:")) {
                String groupId = key.substring("tenant:".length());
                if (!groups.contains(groupId)) {
                    report.skip("tenant secret of " + groupId, "no such group in the export or here");
                    continue;
                }
                Optional<String> current = tenants.current(groupId);
                if (current.isPresent() && current.get().equals(entry.value())) {
                    report.count("group webhook secrets", Outcome.UNCHANGED, groupId);
                    continue;
                }
                if (!dryRun) {
                    tenants.set(groupId, entry.value());
                }
                report.count("group webhook secrets", current.isPresent() ? Outcome.UPDATED : Outcome.CREATED, groupId);
            } else if (key.startsWith("i18n:")) {
                i18n(entry, dryRun, report);
            } else if (key.startsWith(SESSION_KEY)) {
                session(entry, config.groups(), dryRun, report);
            } else if (key.startsWith(INVITE_KEY) && !key.startsWith(INVITE_KEY + "group:")) {
                invite(entry, groups, dryRun, report);
            } else {
                Optional<String> reason = SKIPPED_KEYS.entrySet().stream().filter(e -> key.startsWith(e.getKey()))
                        .map(Map.Entry::getValue).findFirst();
                if (reason.isPresent()) {
                    report.skip("key " + prefix(key), reason.get());
                } else {
                    report.unknown("key " + key);
                }
            }
        }
    }

    private void i18n(KvDump.Entry entry, boolean dryRun, ImportReport report) {
        String lang = entry.key().substring("i18n:".length());
        try {
            JsonNode overrides = mapper.readTree(entry.value());
            if (overrides == null || !overrides.isObject()) {
                report.skip("i18n " + lang, "not a JSON object of overrides");
                return;
            }
        } catch (JsonProcessingException e) {
            report.skip("i18n " + lang, "not JSON: " + e.getOriginalMessage());
            return;
        }
        Optional<String> current = kv.get(KvKeys.I18N.key(lang));
        if (current.isPresent() && current.get().equals(entry.value())) {
            report.count("i18n overrides", Outcome.UNCHANGED, lang);
            return;
        }
        if (!dryRun) {
            kv.put(KvKeys.I18N.key(lang), entry.value(), null);
        }
        report.count("i18n overrides", current.isPresent() ? Outcome.UPDATED : Outcome.CREATED, lang);
    }

    /**
     * WebHooker's {@code session:{id}} = {@code {userId, login}}, kept here under the SHA-256 of its id (the browser's
     * cookie still holds the id), for a user with access here. It ends when it would have ended in WebHooker (its KV
     * expiry, taken as the end of the 7-day lifetime) and after the idle timeout counted from the import.
     */
    private void session(KvDump.Entry entry, List<Group> groups, boolean dryRun, ImportReport report) {
        String id = entry.key().substring(SESSION_KEY.length());
        if (!HEX_64.matcher(id).matches()) {
            report.skip("key session:…", "not a session id of WebHooker's (64 hex characters)");
            return;
        }
        JsonNode record = object(entry.value());
        String userId = record == null ? "" : record.path("userId").asText("");
        String login = record == null ? "" : record.path("login").asText("");
        if (userId.isEmpty() || login.isEmpty()) {
            report.skip("key session:…", "not a session record {userId, login}");
            return;
        }
        SessionUser user = new SessionUser(userId, login);
        if (!scopes.resolve(user, groups).hasAnyAccess()) {
            report.skip("session of " + login, "no access here (neither in ADMIN_USER_IDS nor a member of a group): they sign in again");
            return;
        }
        long now = clock.millis();
        long lifetime = KvKeys.SESSION.ttl().toMillis();
        long endsAt = entry.expiration() == null ? now + lifetime : Math.min(entry.expiration() * 1000, now + lifetime);
        String key = KvKeys.SESSION.key(Sha256.hex(id));
        if (kv.get(key).isPresent()) {
            report.count("sessions", Outcome.UNCHANGED, login);
            return;
        }
        if (!dryRun) {
            ObjectNode session = mapper.createObjectNode().put("userId", userId).put("login", login)
                    .put("createdAt", endsAt - lifetime).put("lastSeenAt", now);
            kv.put(key, session.toString(), Duration.ofMillis(endsAt - now));
        }
        report.count("sessions", Outcome.CREATED, login);
    }

    /**
     * WebHooker's {@code invite:{token}} = {@code {groupId, role, expiresAt, createdBy, note?}}, the same record here,
     * for a group in the export or here; it ends when it would have ended in WebHooker (the earlier of its
     * {@code expiresAt} and its KV expiry).
     */
    private void invite(KvDump.Entry entry, Set<String> groups, boolean dryRun, ImportReport report) {
        String token = entry.key().substring(INVITE_KEY.length());
        if (!HEX_64.matcher(token).matches()) {
            report.skip("key invite:…", "not an invite token of WebHooker's (64 hex characters)");
            return;
        }
        JsonNode record = object(entry.value());
        String groupId = record == null ? "" : record.path("groupId").asText("");
        String role = record == null ? "" : record.path("role").asText("");
        long expiresAt = record == null ? 0 : record.path("expiresAt").asLong(0);
        if (groupId.isEmpty() || expiresAt <= 0) {
            report.skip("key invite:…", "not an invite record {groupId, role, expiresAt, createdBy}");
            return;
        }
        String name = groupId + " (" + role + ")";
        if (!role.equals("admin") && !role.equals("viewer")) {
            report.skip("invite into " + name, "an invite makes an admin or a viewer");
            return;
        }
        if (!groups.contains(groupId)) {
            report.skip("invite into " + groupId, "no such group in the export or here");
            return;
        }
        long now = clock.millis();
        long endsAt = entry.expiration() == null ? expiresAt : Math.min(expiresAt, entry.expiration() * 1000);
        if (endsAt <= now) {
            report.skip("key invite:…", "expired");
            return;
        }
        ObjectNode invite = mapper.createObjectNode().put("groupId", groupId).put("role", role).put("expiresAt", endsAt);
        if (record.hasNonNull("createdBy")) {
            invite.put("createdBy", record.path("createdBy").asText());
        }
        if (record.hasNonNull("note")) {
            invite.put("note", record.path("note").asText());
        }
        String key = KvKeys.INVITE.key(token);
        Optional<String> current = kv.get(key);
        if (current.isPresent() && invite.equals(object(current.get()))) {
            report.count("invites", Outcome.UNCHANGED, name);
            return;
        }
        if (!dryRun) {
            kv.put(key, invite.toString(), Duration.ofMillis(endsAt - now));
        }
        report.count("invites", current.isPresent() ? Outcome.UPDATED : Outcome.CREATED, name);
    }

    /** The JSON object in {@code value}, or null when it is not one. */
    private JsonNode object(String value) {
        try {
            JsonNode node = mapper.readTree(value);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }


    /** The key's pattern part for the report ({@code session:…}), not a session id or a token. */
    private static String prefix(String key) {
        int colon = key.indexOf(':');
        return colon < 0 ? key : key.substring(0, colon + 1) + "…";
    }

    private static String key(String groupId, String routeId) {
        return (groupId == null ? "" : groupId) + "/" + routeId;
    }

    private static String describe(List<ConfigError> problems) {
        return String.join("; ", problems.stream().map(p -> p.field() + ": " + p.message()).toList());
    }

    private static String text(Map<String, Object> row, String column) {
        Object value = row.get(column);
        return value == null ? null : value instanceof Double d && d == Math.rint(d) ? String.valueOf(d.longValue()) : value.toString();
    }

    private static Long number(Map<String, Object> row, String column) {
        Object value = row.get(column);
        if (value instanceof Number n) {
            return n.longValue();
        }
        try {
            return value == null ? null : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + ": not a number: " + value);
        }
    }

    private static boolean flag(Map<String, Object> row, String column, boolean absent) {
        Long value = number(row, column);
        return value == null ? absent : value != 0;
    }
}
