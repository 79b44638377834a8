package dev.webhooker.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.TargetPolicy;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSource;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;

/**
 * Groups and routes in {@code d1_groups} / {@code d1_routes}, plain SQL that runs on H2
 * and PostgreSQL. Every write is one transaction that first bumps {@code config_revision}: concurrent
 * writers (on any instance) queue on that row, a full load takes the same lock, and every instance polls
 * the number to learn that its snapshot is stale.
 *
 * <p>A write changes only what changed: rows are updated in place (keeping {@code created_at}, bumping
 * {@code version}), new ones inserted, and rows that are gone deleted — routes before groups, so no
 * foreign-key cascade ever removes a route nobody asked to remove. Each entity's place in its list
 * is kept as {@code position}; reads return (position, id) order, which is the evaluation order.
 * Nothing invalid is stored: writes are checked with {@link ConfigValidator} first.
 */
public class ConfigRepository implements ConfigSource {

    /**
     * No limit of one tenant's own: super admins and the operator (config file, import) are held only by the
     * instance's limits ({@link ConfigValidator#MAX_GROUPS}, {@link ConfigValidator#MAX_ROUTES}).
     */
    public static final int NO_TENANT_LIMIT = Integer.MAX_VALUE;

    private static final Logger LOG = LoggerFactory.getLogger(ConfigRepository.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final ConfigJson json;
    private final TargetPolicy targetPolicy;
    private final ConfigValidator validator;
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<String>> deletionListeners = new CopyOnWriteArrayList<>();
    /** What the last {@link #load()} could not read; each row is logged once while it stays unreadable. */
    private final AtomicReference<List<UnreadableRow>> unreadable = new AtomicReference<>(List.of());

    public ConfigRepository(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock, SecretSeal seal) {
        this(jdbc, transactions, clock, seal, TargetPolicy.NONE);
    }

    /** With the deployment's rule about which targets may be written at all ({@code policy}), asked on every write. */
    public ConfigRepository(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock, SecretSeal seal,
                            TargetPolicy policy) {
        this.targetPolicy = policy;
        this.validator = new ConfigValidator(policy);
        this.json = ConfigJson.forStorage().sealedWith(seal);
        this.jdbc = jdbc;
        this.tx = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** The deployment's rule about which targets may be written, for a reader that checks before writing here. */
    public TargetPolicy targetPolicy() {
        return targetPolicy;
    }

    /** Outside Spring (tests, tools): its own JdbcTemplate and transaction manager on {@code dataSource}. */
    public static ConfigRepository on(DataSource dataSource) {
        return new ConfigRepository(new JdbcTemplate(dataSource), new DataSourceTransactionManager(dataSource), Clock.systemUTC(),
                null);
    }

    /**
     * Runs with the id of every group this instance deletes, by whatever write (a single delete, a whole-list write, an
     * import, the config file), once the deletion is committed: what is kept outside the database for a group (its
     * webhook secret, its invites) goes with it, so a new group of the same id inherits none of it.
     */
    public void addGroupDeletionListener(java.util.function.Consumer<String> listener) {
        deletionListeners.add(listener);
    }

    /** Runs after every committed write of this instance (the snapshot refresh). */
    public void addChangeListener(Runnable listener) {
        changeListeners.add(listener);
    }

    // ---------------------------------------------------------------- reading

    @Override
    public long revision() {
        Long revision = jdbc.queryForObject("SELECT revision FROM config_revision WHERE id = 1", Long.class);
        return revision == null ? 0 : revision;
    }

    /**
     * Groups and routes in (position, id) order, as one committed state. The read holds the revision row's
     * lock, which every writer takes first, so no write can be half visible to it — also on H2, whose
     * commits were seen to become visible table by table to a concurrent reader.
     *
     * <p>A row this instance cannot read is left out, so that every other group keeps working; it is kept in
     * {@link #unreadableRows()} (the {@code config} health check, down while there is one), logged once, and no
     * write deletes or replaces it ({@link UnreadableConfigException}).
     */
    @Override
    public ConfigSnapshot load() {
        List<UnreadableRow> skipped = new ArrayList<>();
        ConfigSnapshot snapshot = tx.execute(status -> {
            Long revision = jdbc.queryForObject("SELECT revision FROM config_revision WHERE id = 1 FOR UPDATE", Long.class);
            return new ConfigSnapshot(revision == null ? 0 : revision, readGroups(skipped), readRoutes(skipped), ChatConsent.of(loadClaims()));
        });
        noteUnreadable(skipped);
        return snapshot;
    }

    /** The groups and routes the last {@link #load()} could not read and left out; empty when it read them all. */
    public List<UnreadableRow> unreadableRows() {
        return unreadable.get();
    }

    private void noteUnreadable(List<UnreadableRow> now) {
        List<UnreadableRow> before = unreadable.getAndSet(List.copyOf(now));
        for (UnreadableRow row : now) {
            if (!before.contains(row)) {
                LOG.error("{} cannot be read by this instance and is left out of its configuration: {}; writes that would delete or "
                        + "replace it are refused", row.describe(), row.reason());
            }
        }
        Set<String> still = new HashSet<>();
        now.forEach(row -> still.add(row.describe()));
        for (UnreadableRow row : before) {
            if (!still.contains(row.describe())) {
                LOG.info("{} is no longer unreadable (read again, or gone)", row.describe());
            }
        }
    }

    /** Every chat's consent to a group ({@code chat_claims}), oldest first. */
    public List<ChatClaim> loadClaims() {
        List<ChatClaim> claims = new ArrayList<>();
        jdbc.query("SELECT group_id, platform, chat_id, chat_name, granted_via, granted_by, created_at FROM chat_claims "
                + "ORDER BY created_at, group_id, platform, chat_id", (ResultSet rs) -> {
            try {
                claims.add(new ChatClaim(rs.getString("group_id"), rs.getString("platform").toLowerCase(java.util.Locale.ROOT),
                        rs.getString("chat_id"), rs.getString("chat_name"), ChatClaim.Via.fromWire(rs.getString("granted_via")),
                        rs.getString("granted_by"), rs.getLong("created_at")));
            } catch (IllegalArgumentException e) {
                LOG.error("chat_claims row of group {} is unreadable and is left out: {}", ConfigError.quote(rs.getString("group_id")),
                        e.getMessage());
            }
        });
        return claims;
    }

    /** True when there is no group and no route at all (a seed file may be imported). */
    public boolean isEmpty() {
        Integer rows = jdbc.queryForObject("SELECT (SELECT COUNT(*) FROM d1_groups) + (SELECT COUNT(*) FROM d1_routes)", Integer.class);
        return rows == null || rows == 0;
    }

    /** The groups this instance can read (those it cannot are in {@link #unreadableRows()} after a {@link #load()}). */
    public List<Group> loadGroups() {
        return readGroups(new ArrayList<>());
    }

    /** The routes this instance can read (those it cannot are in {@link #unreadableRows()} after a {@link #load()}). */
    public List<Route> loadRoutes() {
        return readRoutes(new ArrayList<>());
    }

    private List<Group> readGroups(List<UnreadableRow> skipped) {
        List<Group> groups = new ArrayList<>();
        jdbc.query("SELECT id, data FROM d1_groups ORDER BY position, id", (ResultSet rs) -> {
            String id = rs.getString("id");
            group(id, rs.getString("data"), skipped).ifPresent(groups::add);
        });
        return groups;
    }

    private List<Route> readRoutes(List<UnreadableRow> skipped) {
        List<Route> routes = new ArrayList<>();
        jdbc.query("SELECT id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast, template "
                + "FROM d1_routes ORDER BY position, id", (ResultSet rs) -> {
            readableRoute(rs, skipped).ifPresent(routes::add);
        });
        return routes;
    }

    /** The group stored as {@code data}, or empty with the row added to {@code skipped}. */
    private Optional<Group> group(String id, String data, List<UnreadableRow> skipped) {
        try {
            Group g = json.readGroup(data);
            return Optional.of(Objects.equals(g.id(), id) ? g : g.withId(id));
        } catch (InvalidConfigException | IllegalArgumentException e) {
            skipped.add(new UnreadableRow(id, null, e.getMessage()));
            return Optional.empty();
        }
    }

    private Optional<Route> readableRoute(ResultSet rs, List<UnreadableRow> skipped) throws SQLException {
        try {
            return Optional.of(route(rs));
        } catch (InvalidConfigException | IllegalArgumentException e) {
            skipped.add(new UnreadableRow(rs.getString("group_id"), rs.getString("id"), e.getMessage()));
            return Optional.empty();
        }
    }

    private Route route(ResultSet rs) throws SQLException {
        return new Route(
                rs.getString("id"),
                rs.getString("group_id"),
                rs.getString("name"),
                rs.getInt("enabled") != 0,
                json.readFilters(rs.getString("filters")),
                json.readAst(rs.getString("ast")),
                json.readTargets(rs.getString("targets")),
                rs.getInt("stop") != 0,
                rs.getInt("fallback") != 0,
                json.readStrings(rs.getString("discord_role_ids"), "discordRoleIds"),
                json.readTemplate(rs.getString("template")));
    }


    // ---------------------------------------------------------------- writing

    /**
     * Which stored groups a whole-list write manages: those it may update, and delete when its lists leave them out,
     * together with their routes. It is asked inside the write's transaction with each stored group's id and origin
     * (null for a row from before origins were recorded).
     */
    @FunctionalInterface
    public interface ManagedGroups {

        /** Every stored group: the lists are the whole configuration. */
        ManagedGroups ALL = (groupId, origin) -> true;

        boolean manages(String groupId, ConfigOrigin storedOrigin);
    }

    /**
     * Makes the stored configuration exactly {@code groups} and {@code routes}, in that order, in one
     * transaction, as the operator's word: the chats they name accept their groups' messages ({@link #grantChats}).
     * New rows are recorded as made in the console. Throws {@link InvalidConfigException} (nothing written) when they
     * don't validate, and {@link UnreadableConfigException} (nothing written) when it would delete or replace a stored
     * row this instance cannot read: whoever built the lists never saw that row.
     */
    public void replaceAll(List<Group> groups, List<Route> routes) {
        replaceAll(groups, routes, null, () -> grantChats(groups, routes, ChatClaim.Via.OPERATOR, null));
    }

    /** {@link #replaceAll(List, List, ConfigOrigin, Long, Runnable)} by the console. */
    public void replaceAll(List<Group> groups, List<Route> routes, Long expectedRevision, Runnable alsoInTransaction) {
        replaceAll(groups, routes, ConfigOrigin.CONSOLE, expectedRevision, alsoInTransaction);
    }

    /**
     * Makes the stored configuration exactly {@code groups} and {@code routes} when it is still at revision
     * {@code expectedRevision} (null: whatever it is), in one transaction with {@code alsoInTransaction};
     * {@link StaleVersionException} otherwise. Rows it inserts are recorded as coming from {@code origin}.
     */
    public void replaceAll(List<Group> groups, List<Route> routes, ConfigOrigin origin, Long expectedRevision, Runnable alsoInTransaction) {
        replaceAll(groups, routes, origin, ManagedGroups.ALL, expectedRevision, alsoInTransaction);
    }

    /**
     * Makes the stored groups that {@code managed} names (and their routes) exactly {@code groups} and {@code routes};
     * every other stored group and its routes stay as they are, untouched. {@code groups} must be managed themselves
     * (a group of the lists that is stored with an origin {@code managed} refuses: {@link IllegalArgumentException}).
     * The rows written take the places after those left alone, in the order of the lists.
     * Rows it inserts are recorded as coming from {@code origin}; rows it updates keep their origin, except that the
     * config file ({@link ConfigOrigin#FILE}) takes over every group it writes and the group's routes.
     * The whole that results (these lists and the groups and routes left alone) is validated with
     * {@link ConfigValidator} in the same transaction; {@link InvalidConfigException} writes nothing.
     */
    public void replaceAll(List<Group> groups, List<Route> routes, ConfigOrigin origin, ManagedGroups managed, Long expectedRevision,
                           Runnable alsoInTransaction) {
        Objects.requireNonNull(origin, "origin");
        if (managed == ManagedGroups.ALL) {
            validator.requireValid(groups, routes);
        }
        List<String> deleted = new ArrayList<>();
        tx.executeWithoutResult(status -> {
            deleted.clear();
            if (expectedRevision != null) {
                Long stored = jdbc.queryForObject("SELECT revision FROM config_revision WHERE id = 1 FOR UPDATE", Long.class);
                if (stored == null || stored.longValue() != expectedRevision) {
                    throw new StaleVersionException("the configuration", expectedRevision.intValue(), stored == null ? 0 : stored.intValue());
                }
            }
            bumpRevision();
            long now = clock.millis();
            List<UnreadableRow> unread = new ArrayList<>();
            Map<String, GroupRow> storedGroups = new HashMap<>();
            Set<String> leftAlone = new HashSet<>();
            // the rows written take the places after those left alone, so that the order stays one list
            int[] groupBase = {0};
            jdbc.query("SELECT id, name, data, position, source FROM d1_groups", (ResultSet rs) -> {
                String id = rs.getString("id");
                if (managed.manages(id, ConfigOrigin.fromColumn(rs.getString("source")))) {
                    storedGroups.put(id, new GroupRow(rs.getString("name"), rs.getString("data"), rs.getInt("position")));
                    // only a row this write would delete or replace must be readable
                    group(id, rs.getString("data"), unread);
                } else {
                    leftAlone.add(id);
                    groupBase[0] = Math.max(groupBase[0], rs.getInt("position") + 1);
                }
            });
            for (Group g : groups) {
                if (leftAlone.contains(g.id())) {
                    throw new IllegalArgumentException("group " + ConfigError.quote(g.id()) + " is not managed by this write");
                }
            }
            for (int i = 0; i < routes.size(); i++) {
                Route r = routes.get(i);
                if (r.groupId() != null && leftAlone.contains(r.groupId())) {
                    throw InvalidConfigException.single(ConfigError.routeEntry(i, r.id(), r.groupId()), "groupId",
                            "group " + ConfigError.quote(r.groupId()) + " is not among the groups written here, and is kept as it is");
                }
            }
            if (managed != ManagedGroups.ALL) {
                requireValidWithTheRest(groups, routes, leftAlone);
            }
            boolean takeOver = origin == ConfigOrigin.FILE;
            for (int i = 0; i < groups.size(); i++) {
                Group g = groups.get(i);
                GroupRow row = groupRow(g, groupBase[0] + i);
                GroupRow stored = storedGroups.get(g.id());
                if (stored == null) {
                    insertGroup(g.id(), row, now, origin);
                } else if (!stored.equals(row)) {
                    jdbc.update("UPDATE d1_groups SET name = ?, data = ?, position = ?, version = version + 1, updated_at = ? WHERE id = ?",
                            row.name(), row.data(), row.position(), now, g.id());
                }
                if (takeOver && stored != null) {
                    jdbc.update("UPDATE d1_groups SET source = ? WHERE id = ? AND (source IS NULL OR source <> ?)", origin.wireName(), g.id(),
                            origin.wireName());
                }
            }

            Map<RouteKey, RouteRow> storedRoutes = new HashMap<>();
            int[] routeBase = {0};
            jdbc.query("SELECT id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast, template, position, source "
                            + "FROM d1_routes", (ResultSet rs) -> {
                        String groupId = rs.getString("group_id");
                        // a route without a group is managed by itself; one of a group by its group
                        boolean managedRoute = groupId == null ? managed.manages(null, ConfigOrigin.fromColumn(rs.getString("source")))
                                : !leftAlone.contains(groupId);
                        if (!managedRoute) {
                            routeBase[0] = Math.max(routeBase[0], rs.getInt("position") + 1);
                            return;
                        }
                        storedRoutes.put(new RouteKey(rs.getString("id"), rs.getString("group_id")), new RouteRow(
                                rs.getString("name"), rs.getInt("enabled"), rs.getString("filters"), rs.getString("targets"),
                                rs.getInt("stop"), rs.getInt("fallback"), rs.getString("discord_role_ids"), rs.getString("ast"),
                                rs.getString("template"), rs.getInt("position")));
                        readableRoute(rs, unread);
                    });
            // every unreadable row is deleted (absent from the lists) or replaced (present): refuse either
            if (!unread.isEmpty()) {
                throw new UnreadableConfigException(unread);
            }
            Set<RouteKey> keep = new HashSet<>();
            for (int i = 0; i < routes.size(); i++) {
                Route r = routes.get(i);
                RouteKey key = new RouteKey(r.id(), r.groupId());
                keep.add(key);
                RouteRow row = routeRow(r, routeBase[0] + i);
                RouteRow stored = storedRoutes.get(key);
                if (stored == null) {
                    insertRoute(key, row, now, origin);
                } else if (!stored.equals(row)) {
                    jdbc.update("UPDATE d1_routes SET name = ?, enabled = ?, filters = ?, targets = ?, stop = ?, fallback = ?, "
                                    + "discord_role_ids = ?, ast = ?, template = ?, position = ?, version = version + 1, updated_at = ?"
                                    + " WHERE id = ? AND group_id = ?",
                            row.name(), row.enabled(), row.filters(), row.targets(), row.stop(), row.fallback(), row.discordRoleIds(),
                            row.ast(), row.template(), row.position(), now, key.id(), key.groupId());
                }
                if (takeOver && stored != null) {
                    jdbc.update("UPDATE d1_routes SET source = ? WHERE id = ? AND group_id = ? AND (source IS NULL OR source <> ?)",
                            origin.wireName(), key.id(), key.groupId(), origin.wireName());
                }
            }

            // routes first: a group is only deleted once nothing refers to it any more
            for (RouteKey gone : storedRoutes.keySet()) {
                if (!keep.contains(gone)) {
                    jdbc.update("DELETE FROM d1_routes WHERE id = ? AND group_id = ?", gone.id(), gone.groupId());
                }
            }
            Set<String> keepGroups = new HashSet<>();
            groups.forEach(g -> keepGroups.add(g.id()));
            for (String gone : storedGroups.keySet()) {
                if (!keepGroups.contains(gone)) {
                    jdbc.update("DELETE FROM chat_claims WHERE group_id = ?", gone);
                    jdbc.update("DELETE FROM d1_groups WHERE id = ?", gone);
                    deleted.add(gone);
                }
            }
            alsoInTransaction.run();
        });
        deleted.forEach(this::groupDeleted);
        changed();
    }

    /**
     * Validates {@code groups} and {@code routes} together with the stored groups {@code leftAlone} and their routes, in
     * stored order, as the configuration the write leaves behind. A stored row that cannot be read is not part of it.
     */
    private void requireValidWithTheRest(List<Group> groups, List<Route> routes, Set<String> leftAlone) {
        List<Group> whole = new ArrayList<>(groups);
        loadGroups().stream().filter(g -> leftAlone.contains(g.id())).forEach(whole::add);
        List<Route> wholeRoutes = new ArrayList<>(routes);
        loadRoutes().stream().filter(r -> leftAlone.contains(r.groupId())).forEach(wholeRoutes::add);
        validator.requireValid(whole, wholeRoutes);
    }

    /** Each group's origin ({@code file}, {@code console}, ...); a group stored before origins were recorded maps to null. */
    public Map<String, ConfigOrigin> groupOrigins() {
        Map<String, ConfigOrigin> origins = new HashMap<>();
        jdbc.query("SELECT id, source FROM d1_groups", (ResultSet rs) -> {
            origins.put(rs.getString("id"), ConfigOrigin.fromColumn(rs.getString("source")));
        });
        return origins;
    }

    /** The group's origin; empty when the group does not exist or was stored before origins were recorded. */
    public Optional<ConfigOrigin> groupOrigin(String groupId) {
        List<String> found = jdbc.queryForList("SELECT source FROM d1_groups WHERE id = ?", String.class, groupId);
        return found.isEmpty() ? Optional.empty() : Optional.ofNullable(ConfigOrigin.fromColumn(found.get(0)));
    }

    /** Each route's origin by group id and route id; a route stored before origins were recorded maps to null. */
    public Map<String, Map<String, ConfigOrigin>> routeOrigins() {
        Map<String, Map<String, ConfigOrigin>> origins = new HashMap<>();
        jdbc.query("SELECT id, group_id, source FROM d1_routes", (ResultSet rs) -> {
            origins.computeIfAbsent(rs.getString("group_id"), g -> new HashMap<>())
                    .put(rs.getString("id"), ConfigOrigin.fromColumn(rs.getString("source")));
        });
        return origins;
    }

    /**
     * Binds each listed group to GitHub App installation {@code installationId}, overwriting an earlier
     * binding, and takes the installation from every other group that had it (its events go to the groups named
     * here, not also to an earlier one); one transaction. Unknown group ids fail the whole call.
     */
    public void bindInstallation(List<String> groupIds, long installationId) {
        if (installationId <= 0) {
            throw new IllegalArgumentException("installationId must be positive, got " + installationId);
        }
        tx.executeWithoutResult(status -> {
            bumpRevision();
            long now = clock.millis();
            for (String id : groupIds) {
                List<String> data = jdbc.queryForList("SELECT data FROM d1_groups WHERE id = ?", String.class, id);
                if (data.isEmpty()) {
                    throw new IllegalArgumentException("unknown group " + ConfigError.quote(id));
                }
                Group bound = json.readGroup(data.get(0)).withInstallationId(installationId);
                jdbc.update("UPDATE d1_groups SET data = ?, version = version + 1, updated_at = ? WHERE id = ?",
                        json.toText(json.write(bound)), now, id);
            }
            Map<String, Group> others = new HashMap<>();
            jdbc.query("SELECT id, data FROM d1_groups", (ResultSet rs) -> {
                if (!groupIds.contains(rs.getString("id"))) {
                    others.put(rs.getString("id"), json.readGroup(rs.getString("data")));
                }
            });
            others.forEach((id, other) -> {
                if (other.installationId() != null && other.installationId() == installationId) {
                    jdbc.update("UPDATE d1_groups SET data = ?, version = version + 1, updated_at = ? WHERE id = ?",
                            json.toText(json.write(other.withInstallationId(null))), now, id);
                }
            });
        });
        changed();
    }

    /**
     * Removes the binding to GitHub App installation {@code installationId} from every group that has it
     * (the App was uninstalled); one transaction.
     *
     * @return the ids of the groups that were bound, in (position, id) order; empty when none was
     */
    public List<String> unbindInstallation(long installationId) {
        List<String> unbound = tx.execute(status -> {
            bumpRevision();
            long now = clock.millis();
            List<String> ids = new ArrayList<>();
            for (Group group : loadGroups()) {
                if (Long.valueOf(installationId).equals(group.installationId())) {
                    jdbc.update("UPDATE d1_groups SET data = ?, version = version + 1, updated_at = ? WHERE id = ?",
                            json.toText(json.write(group.withInstallationId(null))), now, group.id());
                    ids.add(group.id());
                }
            }
            return ids;
        });
        changed();
        return unbound;
    }

    /**
     * Adds a group after all others (installation provisioning). Throws {@link InvalidConfigException} when
     * the group is invalid, its id is taken or the instance already holds the maximum number of groups.
     *
     * @return the group as stored
     */
    public Group createGroup(Group group) {
        return createGroup(group, () -> { });
    }

    /** {@link #createGroup(Group)} with {@code alsoInTransaction} (its audit row) in the same transaction. */
    public Group createGroup(Group group, Runnable alsoInTransaction) {
        return createGroup(group, alsoInTransaction, null, NO_TENANT_LIMIT);
    }

    /**
     * {@link #createGroup(Group, Runnable)} for a user who creates a group of their own (self-signup, the install
     * flow): throws {@link TenantLimitException} when {@code ownerUserId} already owns {@code maxOwnedGroups}
     * groups (an owner pinned to that id), counted in the same transaction, so concurrent creations cannot pass it.
     */
    public Group createGroup(Group group, Runnable alsoInTransaction, String ownerUserId, int maxOwnedGroups) {
        return createGroup(group, ConfigOrigin.CONSOLE, alsoInTransaction, ownerUserId, maxOwnedGroups);
    }

    /** {@link #createGroup(Group, Runnable, String, int)}, the group recorded as coming from {@code origin}. */
    public Group createGroup(Group group, ConfigOrigin origin, Runnable alsoInTransaction, String ownerUserId, int maxOwnedGroups) {
        Objects.requireNonNull(origin, "origin");
        String entry = ConfigError.groupEntry(-1, group.id());
        List<ConfigError> errors = validator.validateGroup(entry, group);
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
        GroupRow row = tx.execute(status -> {
            bumpRevision();
            Integer count = jdbc.queryForObject("SELECT COUNT(*) FROM d1_groups", Integer.class);
            if (count != null && count >= ConfigValidator.MAX_GROUPS) {
                throw InvalidConfigException.single("groups", "", "too many groups (at most " + ConfigValidator.MAX_GROUPS + ")");
            }
            if (ownerUserId != null && ownedBy(loadGroups(), ownerUserId) >= maxOwnedGroups) {
                throw TenantLimitException.groupsPerUser(ownerUserId, maxOwnedGroups);
            }
            Integer taken = jdbc.queryForObject("SELECT COUNT(*) FROM d1_groups WHERE id = ?", Integer.class, group.id());
            if (taken != null && taken > 0) {
                throw InvalidConfigException.single(entry, "id", "duplicate group id " + ConfigError.quote(group.id()));
            }
            Integer last = jdbc.queryForObject("SELECT MAX(position) FROM d1_groups", Integer.class);
            GroupRow created = groupRow(group, last == null ? 0 : last + 1);
            insertGroup(group.id(), created, clock.millis(), origin);
            alsoInTransaction.run();
            return created;
        });
        changed();
        return json.readGroup(row.data());
    }

    /** How many of {@code groups} have {@code userId} as an owner pinned to that id (what MAX_GROUPS_PER_USER counts). */
    public static long ownedBy(List<Group> groups, String userId) {
        return groups.stream()
                .filter(g -> g.members().stream().anyMatch(m -> "owner".equals(m.role()) && userId.equals(m.userId())))
                .count();
    }

    /** A stored group and the version an optimistic write of it must name. */
    public record VersionedGroup(Group group, int version) {
    }

    public Optional<VersionedGroup> findGroup(String id) {
        List<VersionedGroup> found = jdbc.query("SELECT data, version FROM d1_groups WHERE id = ?",
                (rs, n) -> new VersionedGroup(json.readGroup(rs.getString("data")).withId(id), rs.getInt("version")), id);
        return found.stream().findFirst();
    }

    /**
     * Replaces one group when it is still at {@code expectedVersion}, in one transaction with
     * {@code alsoInTransaction} (its audit rows). Throws {@link StaleVersionException} when another write came
     * first, {@link InvalidConfigException} when the group is invalid, {@link java.util.NoSuchElementException}
     * when it does not exist.
     *
     * @return the group as stored, with its new version
     */
    public VersionedGroup updateGroup(Group group, int expectedVersion, Runnable alsoInTransaction) {
        List<ConfigError> errors = validator.validateGroup(ConfigError.groupEntry(-1, group.id()), group);
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
        VersionedGroup stored = tx.execute(status -> {
            bumpRevision();
            int version = lockedVersion("group " + ConfigError.quote(group.id()), group.id(), expectedVersion);
            jdbc.update("UPDATE d1_groups SET name = ?, data = ?, version = version + 1, updated_at = ? WHERE id = ?",
                    group.name(), json.toText(json.write(group)), clock.millis(), group.id());
            alsoInTransaction.run();
            return new VersionedGroup(group, version + 1);
        });
        changed();
        return stored;
    }

    /**
     * Deletes one group and its routes when it is still at {@code expectedVersion}, in one transaction with
     * {@code alsoInTransaction}; the same exceptions as {@link #updateGroup}, and {@link UnreadableConfigException} when
     * it or one of its routes cannot be read (nobody who asked saw it).
     */
    public void deleteGroup(String id, int expectedVersion, Runnable alsoInTransaction) {
        tx.executeWithoutResult(status -> {
            bumpRevision();
            lockedVersion("group " + ConfigError.quote(id), id, expectedVersion);
            List<UnreadableRow> unread = new ArrayList<>();
            jdbc.query("SELECT data FROM d1_groups WHERE id = ?", (ResultSet rs) -> {
                group(id, rs.getString("data"), unread);
            }, id);
            jdbc.query("SELECT id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast, template FROM d1_routes "
                    + "WHERE group_id = ?", (ResultSet rs) -> {
                readableRoute(rs, unread);
            }, id);
            if (!unread.isEmpty()) {
                throw new UnreadableConfigException(unread);
            }
            jdbc.update("DELETE FROM d1_routes WHERE group_id = ?", id);
            jdbc.update("DELETE FROM chat_claims WHERE group_id = ?", id);
            jdbc.update("DELETE FROM d1_groups WHERE id = ?", id);
            alsoInTransaction.run();
        });
        groupDeleted(id);
        changed();
    }

    /**
     * Gives a group a new id in one transaction with {@code alsoInTransaction}: the group, its routes, and what
     * refers to it by id here (send logs, audit entries, tracked messages), so its history stays visible to its
     * members and a CI run's message is still edited in place. The queue's deliveries move in
     * {@code alsoInTransaction}: their tables belong to the queue. Throws
     * {@link InvalidConfigException} when {@code newId} is taken or invalid, {@link java.util.NoSuchElementException}
     * when the group does not exist.
     *
     * @return how many routes moved with it
     */
    public int renameGroup(String id, String newId, Runnable alsoInTransaction) {
        Integer moved = tx.execute(status -> {
            bumpRevision();
            List<Map<String, Object>> rows = jdbc.queryForList(
                    "SELECT data, position, version, created_at, source FROM d1_groups WHERE id = ? FOR UPDATE", id);
            if (rows.isEmpty()) {
                throw new java.util.NoSuchElementException("group " + ConfigError.quote(id) + " does not exist");
            }
            Integer taken = jdbc.queryForObject("SELECT COUNT(*) FROM d1_groups WHERE id = ?", Integer.class, newId);
            if (taken != null && taken > 0) {
                throw InvalidConfigException.single("group", "newId", "group id " + ConfigError.quote(newId) + " already exists");
            }
            Map<String, Object> row = rows.get(0);
            Group renamed = json.readGroup((String) row.get("data")).withId(newId);
            List<ConfigError> errors = validator.validateGroup(ConfigError.groupEntry(-1, newId), renamed);
            if (!errors.isEmpty()) {
                throw new InvalidConfigException(errors);
            }
            long now = clock.millis();
            jdbc.update("INSERT INTO d1_groups (id, name, data, version, created_at, updated_at, position, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    newId, renamed.name(), json.toText(json.write(renamed)), ((Number) row.get("version")).intValue() + 1,
                    row.get("created_at"), now, row.get("position"), row.get("source"));
            int routes = jdbc.update("UPDATE d1_routes SET group_id = ?, version = version + 1, updated_at = ? WHERE group_id = ?", newId, now, id);
            jdbc.update("DELETE FROM d1_groups WHERE id = ?", id);
            jdbc.update("UPDATE chat_claims SET group_id = ? WHERE group_id = ?", newId, id);
            jdbc.update("UPDATE send_logs SET group_id = ? WHERE group_id = ?", newId, id);
            jdbc.update("UPDATE audit_logs SET group_id = ? WHERE group_id = ?", newId, id);
            // tracked messages are keyed {groupId}:{routeId}:{updateKey}
            jdbc.update("UPDATE message_tracking SET event_id = ? || SUBSTR(event_id, ?) WHERE event_id LIKE ? ESCAPE '!'",
                    newId + ":", id.length() + 2, SqlKvStore.likePrefix(id + ":"));
            alsoInTransaction.run();
            return routes;
        });
        changed();
        return moved == null ? 0 : moved;
    }

    // ---------------------------------------------------------------- chat claims

    /**
     * Records that every chat named by {@code groups}' log targets and {@code routes}' targets accepts its group's
     * messages, for the chats not claimed yet: what an operator writes is trusted. Joins the caller's transaction
     * (call it from an {@code alsoInTransaction}); the caller's write bumps the revision.
     */
    public void grantChats(List<Group> groups, List<Route> routes, ChatClaim.Via via, String grantedBy) {
        grantChats(ChatConsent.named(groups, routes), via, grantedBy);
    }

    /** {@link #grantChats(List, List, ChatClaim.Via, String)} for chats already named. */
    public void grantChats(Set<ChatConsent.GroupChat> named, ChatClaim.Via via, String grantedBy) {
        if (named.isEmpty()) {
            return;
        }
        tx.executeWithoutResult(status -> {
            Set<ChatConsent.GroupChat> claimed = new HashSet<>();
            jdbc.query("SELECT group_id, platform, chat_id FROM chat_claims", (ResultSet rs) -> {
                claimed.add(new ChatConsent.GroupChat(rs.getString("group_id"), new ChatConsent.Chat(
                        rs.getString("platform").toLowerCase(java.util.Locale.ROOT), rs.getString("chat_id"))));
            });
            long now = clock.millis();
            List<Object[]> rows = new ArrayList<>();
            for (ChatConsent.GroupChat wanted : named) {
                String chatId = wanted.chat().id();
                if (chatId != null && !chatId.isBlank() && !claimed.contains(wanted)) {
                    rows.add(new Object[] {wanted.groupId(), wanted.chat().platform(), chatId,
                            chatId.startsWith("@") ? chatId.substring(1) : null, via.wireName(), grantedBy, now});
                }
            }
            if (!rows.isEmpty()) {
                jdbc.batchUpdate("INSERT INTO chat_claims (group_id, platform, chat_id, chat_name, granted_via, granted_by, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)", rows);
            }
        });
    }

    /**
     * Stores a chat's consent to {@code claim.groupId()} (a claim typed in the chat, or a super admin's approval), in one
     * transaction with {@code alsoInTransaction}. A chat that already claimed the group keeps its first claim, with the
     * public name brought up to date.
     *
     * @return false when the chat had claimed the group already
     * @throws java.util.NoSuchElementException when the group does not exist
     */
    public boolean claimChat(ChatClaim claim, Runnable alsoInTransaction) {
        Boolean added = tx.execute(status -> {
            bumpRevision();
            if (jdbc.queryForList("SELECT id FROM d1_groups WHERE id = ? FOR UPDATE", String.class, claim.groupId()).isEmpty()) {
                throw new java.util.NoSuchElementException("group " + ConfigError.quote(claim.groupId()) + " does not exist");
            }
            String platform = claim.platform();
            if (claim.chatName() != null) {
                jdbc.update("UPDATE chat_claims SET chat_name = ? WHERE group_id = ? AND platform = ? "
                        + "AND chat_id = ?", claim.chatName(), claim.groupId(), platform, claim.chatId());
            }
            Integer present = jdbc.queryForObject("SELECT COUNT(*) FROM chat_claims WHERE group_id = ? AND platform = ? AND chat_id = ?",
                    Integer.class, claim.groupId(), platform, claim.chatId());
            boolean fresh = present == null || present == 0;
            if (fresh) {
                jdbc.update("INSERT INTO chat_claims (group_id, platform, chat_id, chat_name, granted_via, granted_by, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)", claim.groupId(), platform, claim.chatId(), claim.chatName(),
                        claim.via().wireName(), claim.grantedBy(), clock.millis());
            }
            alsoInTransaction.run();
            return fresh;
        });
        changed();
        return Boolean.TRUE.equals(added);
    }

    /**
     * Takes back a chat's consent to a group, in one transaction with {@code alsoInTransaction}; the group's targets to
     * that chat are held from the next delivery on. A chat with a public name is found by its id or its {@code @name}.
     *
     * @return false when there was no such claim (nothing else is done then)
     */
    public boolean revokeChat(String groupId, String platform, String chatId, Runnable alsoInTransaction) {
        Boolean removed = tx.execute(status -> {
            bumpRevision();
            String name = chatId.startsWith("@") ? chatId.substring(1).toLowerCase(java.util.Locale.ROOT) : null;
            int rows = jdbc.update("DELETE FROM chat_claims WHERE group_id = ? AND platform = ? AND (chat_id = ? OR chat_name = ?)",
                    groupId, platform, name == null ? chatId : "@" + name, name);
            if (rows == 0) {
                status.setRollbackOnly();
                return false;
            }
            alsoInTransaction.run();
            return true;
        });
        changed();
        return Boolean.TRUE.equals(removed);
    }

    /** A stored route and the version an optimistic write of it must name. */
    public record VersionedRoute(Route route, int version) {
    }

    public Optional<VersionedRoute> findRoute(String groupId, String id) {
        List<VersionedRoute> found = jdbc.query("SELECT id, group_id, name, enabled, filters, targets, stop, fallback, "
                        + "discord_role_ids, ast, template, version FROM d1_routes WHERE group_id = ? AND id = ?",
                (rs, n) -> new VersionedRoute(route(rs), rs.getInt("version")), groupId, id);
        return found.stream().findFirst();
    }

    /**
     * Adds a route after every other (it is evaluated last), in one transaction with {@code alsoInTransaction}.
     * Throws {@link InvalidConfigException} when it is invalid, its id is taken in its group, its group does not
     * exist, or the instance already holds the maximum number of routes.
     */
    public VersionedRoute addRoute(Route route, Runnable alsoInTransaction) {
        return addRoute(route, alsoInTransaction, NO_TENANT_LIMIT);
    }

    /**
     * {@link #addRoute(Route, Runnable)} by a group admin: also throws {@link TenantLimitException} when the group
     * already holds {@code maxRoutesInGroup} routes, counted under the group row's lock.
     */
    public VersionedRoute addRoute(Route route, Runnable alsoInTransaction, int maxRoutesInGroup) {
        return addRoute(route, ConfigOrigin.CONSOLE, alsoInTransaction, maxRoutesInGroup);
    }

    /** {@link #addRoute(Route, Runnable, int)}, the route recorded as coming from {@code origin}. */
    public VersionedRoute addRoute(Route route, ConfigOrigin origin, Runnable alsoInTransaction, int maxRoutesInGroup) {
        Objects.requireNonNull(origin, "origin");
        String entry = ConfigError.routeEntry(-1, route.id(), route.groupId());
        requireValidRoute(entry, route);
        tx.executeWithoutResult(status -> {
            bumpRevision();
            if (jdbc.queryForList("SELECT id FROM d1_groups WHERE id = ? FOR UPDATE", String.class, route.groupId()).isEmpty()) {
                throw InvalidConfigException.single(entry, "groupId", "no group " + ConfigError.quote(route.groupId()));
            }
            Integer count = jdbc.queryForObject("SELECT COUNT(*) FROM d1_routes", Integer.class);
            if (count != null && count >= ConfigValidator.MAX_ROUTES) {
                throw InvalidConfigException.single("routes", "", "too many routes (at most " + ConfigValidator.MAX_ROUTES + ")");
            }
            Integer inGroup = jdbc.queryForObject("SELECT COUNT(*) FROM d1_routes WHERE group_id = ?", Integer.class, route.groupId());
            if (inGroup != null && inGroup >= maxRoutesInGroup) {
                throw TenantLimitException.routesPerGroup(route.groupId(), maxRoutesInGroup);
            }
            Integer taken = jdbc.queryForObject("SELECT COUNT(*) FROM d1_routes WHERE id = ? AND group_id = ?", Integer.class,
                    route.id(), route.groupId());
            if (taken != null && taken > 0) {
                throw InvalidConfigException.single(entry, "id", "duplicate route id " + ConfigError.quote(route.id()) + " in group "
                        + ConfigError.quote(route.groupId()));
            }
            Integer last = jdbc.queryForObject("SELECT MAX(position) FROM d1_routes", Integer.class);
            RouteRow row = routeRow(route, last == null ? 0 : last + 1);
            long now = clock.millis();
            insertRoute(new RouteKey(route.id(), route.groupId()), row, now, origin);
            alsoInTransaction.run();
        });
        changed();
        return new VersionedRoute(route, 1);
    }

    /** Replaces one route, keeping its place, when it is still at {@code expectedVersion}; as {@link #updateGroup}. */
    public VersionedRoute updateRoute(Route route, int expectedVersion, Runnable alsoInTransaction) {
        requireValidRoute(ConfigError.routeEntry(-1, route.id(), route.groupId()), route);
        int version = tx.execute(status -> {
            bumpRevision();
            int stored = lockedRouteVersion(route.groupId(), route.id(), expectedVersion);
            RouteRow row = routeRow(route, 0);
            jdbc.update("UPDATE d1_routes SET name = ?, enabled = ?, filters = ?, targets = ?, stop = ?, fallback = ?, "
                            + "discord_role_ids = ?, ast = ?, template = ?, version = version + 1, updated_at = ? WHERE id = ? AND group_id = ?",
                    row.name(), row.enabled(), row.filters(), row.targets(), row.stop(), row.fallback(), row.discordRoleIds(),
                    row.ast(), row.template(), clock.millis(), route.id(), route.groupId());
            alsoInTransaction.run();
            return stored + 1;
        });
        changed();
        return new VersionedRoute(route, version);
    }

    public void deleteRoute(String groupId, String id, int expectedVersion, Runnable alsoInTransaction) {
        tx.executeWithoutResult(status -> {
            bumpRevision();
            lockedRouteVersion(groupId, id, expectedVersion);
            jdbc.update("DELETE FROM d1_routes WHERE id = ? AND group_id = ?", id, groupId);
            alsoInTransaction.run();
        });
        changed();
    }

    /**
     * Puts a group's routes in the order of {@code ids}, which must name each of them once (else
     * {@link IllegalArgumentException}: the list changed meanwhile). They take the places they held, so their
     * order relative to other groups' routes stays.
     */
    public void reorderRoutes(String groupId, List<String> ids, Runnable alsoInTransaction) {
        tx.executeWithoutResult(status -> {
            bumpRevision();
            List<Map<String, Object>> rows = jdbc.queryForList(
                    "SELECT id, position FROM d1_routes WHERE group_id = ? ORDER BY position, id FOR UPDATE", groupId);
            List<String> stored = rows.stream().map(r -> (String) r.get("id")).toList();
            if (ids.size() != stored.size() || !new HashSet<>(ids).equals(new HashSet<>(stored))) {
                throw new IllegalArgumentException("the order must name each of the group's routes once: " + stored);
            }
            List<Integer> places = rows.stream().map(r -> ((Number) r.get("position")).intValue()).toList();
            long now = clock.millis();
            for (int i = 0; i < ids.size(); i++) {
                jdbc.update("UPDATE d1_routes SET position = ?, version = version + 1, updated_at = ? WHERE id = ? AND group_id = ?",
                        places.get(i), now, ids.get(i), groupId);
            }
            alsoInTransaction.run();
        });
        changed();
    }

    private void requireValidRoute(String entry, Route route) {
        List<ConfigError> errors = validator.validateRoute(entry, route);
        if (!errors.isEmpty()) {
            throw new InvalidConfigException(errors);
        }
    }

    private int lockedRouteVersion(String groupId, String id, int expected) {
        List<Integer> versions = jdbc.queryForList("SELECT version FROM d1_routes WHERE group_id = ? AND id = ? FOR UPDATE",
                Integer.class, groupId, id);
        String what = "route " + ConfigError.quote(id) + " of group " + ConfigError.quote(groupId);
        if (versions.isEmpty()) {
            throw new java.util.NoSuchElementException(what + " does not exist");
        }
        if (versions.get(0) != expected) {
            throw new StaleVersionException(what, expected, versions.get(0));
        }
        return versions.get(0);
    }

    /** The group's version, its row locked for this transaction; throws when absent or not {@code expected}. */
    private int lockedVersion(String what, String id, int expected) {
        List<Integer> versions = jdbc.queryForList("SELECT version FROM d1_groups WHERE id = ? FOR UPDATE", Integer.class, id);
        if (versions.isEmpty()) {
            throw new java.util.NoSuchElementException(what + " does not exist");
        }
        int version = versions.get(0);
        if (version != expected) {
            throw new StaleVersionException(what, expected, version);
        }
        return version;
    }

    private void bumpRevision() {
        if (jdbc.update("UPDATE config_revision SET revision = revision + 1 WHERE id = 1") != 1) {
            throw new IllegalStateException("config_revision has no row 1: is migration V3_1 applied?");
        }
    }

    private void insertGroup(String id, GroupRow row, long now, ConfigOrigin origin) {
        jdbc.update("INSERT INTO d1_groups (id, name, data, version, created_at, updated_at, position, source) VALUES (?, ?, ?, 1, ?, ?, ?, ?)",
                id, row.name(), row.data(), now, now, row.position(), origin.wireName());
    }

    private void insertRoute(RouteKey key, RouteRow row, long now, ConfigOrigin origin) {
        jdbc.update("INSERT INTO d1_routes (id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast, "
                        + "template, version, created_at, updated_at, position, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
                key.id(), key.groupId(), row.name(), row.enabled(), row.filters(), row.targets(), row.stop(), row.fallback(),
                row.discordRoleIds(), row.ast(), row.template(), now, now, row.position(), origin.wireName());
    }

    private void groupDeleted(String id) {
        for (java.util.function.Consumer<String> listener : deletionListeners) {
            try {
                listener.accept(id);
            } catch (RuntimeException e) {
                LOG.error("group {} is deleted, but what it kept outside the database could not all be removed: {}", ConfigError.quote(id),
                        e.toString());
            }
        }
    }

    private void changed() {
        for (Runnable listener : changeListeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                // the write is committed; a failed refresh is retried by the staleness poll
                LOG.error("config change listener failed: {}", e.toString());
            }
        }
    }

    private GroupRow groupRow(Group g, int position) {
        return new GroupRow(g.name(), json.toText(json.write(g)), position);
    }

    private RouteRow routeRow(Route r, int position) {
        return new RouteRow(
                r.name(),
                r.enabled() ? 1 : 0,
                json.toText(json.writeFilters(r.filters())),
                json.toText(json.writeTargets(r.targets())),
                r.stop() ? 1 : 0,
                r.fallback() ? 1 : 0,
                json.toText(json.writeStrings(r.discordRoleIds())),
                r.ast() == null ? null : json.toText(json.write(r.ast())),
                r.template() == null ? null : json.toText(json.writeTemplate(r.template())),
                position);
    }

    private record GroupRow(String name, String data, int position) {
    }

    private record RouteKey(String id, String groupId) {
    }

    private record RouteRow(String name, int enabled, String filters, String targets, int stop, int fallback,
                            String discordRoleIds, String ast, String template, int position) {
    }
}
