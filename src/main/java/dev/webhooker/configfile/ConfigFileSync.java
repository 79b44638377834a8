package dev.webhooker.configfile;

import java.io.IOException;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.routing.SecretSeal;
import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.format.TemplateCheck;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;

/**
 * Applies the YAML config file to the database according to its mode. The file is read and validated
 * at start in both modes, and every write logs what it changed.
 * <ul>
 *   <li>{@code seed}: at start, import the file only into a database without groups and routes.</li>
 *   <li>{@code sync}: at start, and whenever the file's content changes (checked by polling, which also
 *       works on network and container file systems where file events don't arrive), make the groups the file
 *       manages exactly the file's: the groups it names (a group made elsewhere that it names becomes the file's) and
 *       the groups it wrote before (one it no longer names is removed, with its routes). Groups made in the console,
 *       by the import command or from chat, and groups stored before origins were recorded, stay as they are unless
 *       the file names them; the start-up line lists them. A change is applied once the same content was seen on two
 *       checks in a row, so a file caught half-written is not applied.</li>
 * </ul>
 * A bad file at start stops start-up ({@link InvalidSettingException} naming {@code WEBHOOKER_CONFIG}); a
 * bad edit later is logged as one error line and the configuration in force stays.
 */
public class ConfigFileSync implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigFileSync.class);

    private final ConfigFileSettings settings;
    private final ConfigRepository repository;
    private final ConfigFileReader reader;
    private final TemplateCheck templates;
    private ScheduledExecutorService watcher;

    // touched only by start() and the single watcher thread
    private byte[] handledDigest;
    private byte[] pendingDigest;
    private boolean reportedMissing;
    /** The groups the last applied document names (the file manages them even before they are stored). */
    private volatile Set<String> named = Set.of();

    public ConfigFileSync(ConfigFileSettings settings, ConfigRepository repository, SecretSeal seal) {
        this(settings, repository, seal, null);
    }

    /** {@code templates}: the check of the routes' templates against the sample events (null: their syntax only). */
    public ConfigFileSync(ConfigFileSettings settings, ConfigRepository repository, SecretSeal seal, TemplateCheck templates) {
        this.reader = new ConfigFileReader(seal, repository.targetPolicy());
        this.settings = settings;
        this.repository = repository;
        this.templates = templates;
    }

    /** The file, read and validated, its templates checked as a save through the console checks them. */
    private ConfigDocument parsed(byte[] bytes) {
        ConfigDocument document = reader.parse(bytes, settings.displayName());
        if (templates != null) {
            Map<String, Group> groups = new HashMap<>();
            document.groups().forEach(g -> groups.put(g.id(), g));
            try {
                templates.requireAll(document.routes(), groups::get);
            } catch (InvalidConfigException e) {
                throw e.from(settings.displayName());
            }
        }
        return document;
    }

    public ConfigFileMode mode() {
        return settings.mode();
    }

    /** The config file as named in messages (what the operator set). */
    public String fileName() {
        return settings.displayName();
    }

    /**
     * False in sync mode: writes of whole lists (every group, every route) would rewrite the file's groups, so the admin
     * API refuses them; a write to one group asks {@link #managesGroup(String)}.
     */
    public boolean configWritesAllowed() {
        return !(settings.mode() == ConfigFileMode.SYNC && settings.hasFile());
    }

    /**
     * True when a sync-mode file manages the group, so a write through the admin API would be undone by the file: the
     * file names it, or wrote it before. Groups made elsewhere are written through the API as usual.
     */
    public boolean managesGroup(String groupId) {
        if (configWritesAllowed()) {
            return false;
        }
        return named.contains(groupId) || repository.groupOrigin(groupId).orElse(null) == ConfigOrigin.FILE;
    }

    /** The groups a sync-mode file manages now (empty in seed mode or without a file), for the console. */
    public Set<String> managedGroups() {
        if (configWritesAllowed()) {
            return Set.of();
        }
        Set<String> managed = new HashSet<>(named);
        repository.groupOrigins().forEach((id, origin) -> {
            if (origin == ConfigOrigin.FILE) {
                managed.add(id);
            }
        });
        return managed;
    }

    /** {@link #configWritesAllowed()} for code built where the config-file bean may be absent (then: allowed). */
    public static java.util.function.BooleanSupplier writesAllowed(org.springframework.beans.factory.ObjectProvider<ConfigFileSync> configFile) {
        return () -> {
            ConfigFileSync sync = configFile.getIfAvailable();
            return sync == null || sync.configWritesAllowed();
        };
    }

    /** The start-up step of the mode; throws {@link InvalidSettingException} when the file can't be used. */
    public synchronized void start() {
        if (!settings.hasFile()) {
            LOG.info("No config file (WEBHOOKER_CONFIG not set, no {}): the groups and routes in the database stay as they are",
                    ConfigFileSettings.DEFAULT_FILE);
            return;
        }
        byte[] bytes = bytesAtStart();
        ConfigDocument document = parseAtStart(bytes);
        if (settings.mode() == ConfigFileMode.SEED) {
            ConfigSnapshot stored = repository.load();
            if (!stored.groups().isEmpty() || !stored.routes().isEmpty()) {
                LOG.info("Config file {} is valid but not imported: seed mode imports it only into a database without groups "
                        + "and routes, and this one holds {} groups and {} routes (WEBHOOKER_CONFIG_MODE=sync applies the file)",
                        settings.displayName(), stored.groups().size(), stored.routes().size());
                return;
            }
            replaceWith(document);
            LOG.info("Config file {} imported (seed mode): {}", settings.displayName(),
                    ConfigChanges.between(List.of(), List.of(), document).describe());
            return;
        }
        Applied applied;
        try {
            applied = apply(document);
        } catch (InvalidConfigException e) {
            throw new InvalidSettingException(ConfigFileSettings.SETTING, settings.displayName() + " with the groups it keeps: "
                    + e.getMessage());
        }
        String kept = applied.kept().isEmpty() ? "" : "; groups not in the file, kept: " + describeKept(applied.kept());
        LOG.info("Config file {} applied (sync mode): {}{}", settings.displayName(), applied.changes() == null
                ? (applied.kept().isEmpty() ? "the database already matches it" : "its groups already match it")
                : applied.describe(), kept);
        handledDigest = digest(bytes);
        pendingDigest = handledDigest;
    }

    /** In sync mode, checks the file every {@code interval} on a daemon thread until {@link #close()}. */
    public synchronized void watchEvery(Duration interval) {
        if (settings.mode() != ConfigFileMode.SYNC || !settings.hasFile() || watcher != null) {
            return;
        }
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "config-file-watch");
            t.setDaemon(true);
            return t;
        });
        long millis = Math.max(1, interval.toMillis());
        watcher.scheduleWithFixedDelay(this::checkQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * One check of a sync-mode file: applies it when its content changed and stayed the same since the
     * previous check. Returns true when the database was written.
     */
    public synchronized boolean check() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(settings.file());
            reportedMissing = false;
        } catch (IOException e) {
            if (!reportedMissing) {
                LOG.error("{}: cannot read the config file ({}); the configuration in force stays", settings.displayName(), e.toString());
                reportedMissing = true;
            }
            return false;
        }
        byte[] digest = digest(bytes);
        if (Arrays.equals(digest, handledDigest)) {
            pendingDigest = digest;
            return false;
        }
        if (!Arrays.equals(digest, pendingDigest)) {
            pendingDigest = digest;
            return false;
        }
        ConfigDocument document;
        try {
            document = parsed(bytes);
        } catch (InvalidConfigException e) {
            LOG.error("{}; the configuration in force stays", e.getMessage());
            handledDigest = digest;
            return false;
        }
        // a database error leaves the digest unhandled, so the next check tries again
        Applied applied;
        try {
            applied = apply(document);
        } catch (InvalidConfigException e) {
            LOG.error("{} with the groups it keeps: {}; the configuration in force stays", settings.displayName(), e.getMessage());
            handledDigest = digest;
            return false;
        }
        handledDigest = digest;
        if (applied.changes() != null) {
            LOG.info("Config file {} changed and applied: {}", settings.displayName(), applied.describe());
        }
        return applied.changes() != null;
    }

    private void checkQuietly() {
        try {
            check();
        } catch (RuntimeException e) {
            LOG.error("{}: applying the config file failed ({}); will try again", settings.displayName(), e.toString());
        }
    }

    /**
     * What one apply did: the changes to the groups the file manages (null: none, nothing was written), the groups
     * made elsewhere that the file now names and so took over, and the groups it left alone with their origins (null:
     * stored before origins were recorded), in stored order.
     */
    private record Applied(ConfigChanges changes, List<String> adopted, Map<String, ConfigOrigin> kept) {

        String describe() {
            String described = changes.isEmpty() ? "" : changes.describe();
            if (!adopted.isEmpty()) {
                described += (described.isEmpty() ? "" : "; ") + "groups taken over by the file: " + String.join(", ", adopted);
            }
            return described;
        }
    }

    /**
     * Makes the groups the file manages the document's (no write, no revision bump when they already are), leaving every
     * other group and its routes alone; the one write validates the whole that results.
     */
    private Applied apply(ConfigDocument document) {
        ConfigSnapshot stored = repository.load();
        Map<String, ConfigOrigin> origins = repository.groupOrigins();
        Map<String, Map<String, ConfigOrigin>> routeOrigins = repository.routeOrigins();
        ConfigRepository.ManagedGroups managed = managedBy(document);
        List<Group> managedGroups = new ArrayList<>();
        Map<String, ConfigOrigin> kept = new LinkedHashMap<>();
        for (Group g : stored.groups()) {
            if (managed.manages(g.id(), origins.get(g.id()))) {
                managedGroups.add(g);
            } else {
                kept.put(g.id(), origins.get(g.id()));
            }
        }
        List<Route> managedRoutes = stored.routes().stream().filter(r -> r.groupId() == null
                ? managed.manages(null, routeOrigins.getOrDefault(null, Map.of()).get(r.id()))
                : !kept.containsKey(r.groupId())).toList();
        List<String> adopted = document.groups().stream().map(Group::id)
                .filter(id -> origins.containsKey(id) && origins.get(id) != ConfigOrigin.FILE).toList();
        if (managedGroups.equals(document.groups()) && managedRoutes.equals(document.routes()) && adopted.isEmpty()) {
            named = namedBy(document);
            return new Applied(null, List.of(), kept);
        }
        ConfigChanges changes = ConfigChanges.between(managedGroups, managedRoutes, document);
        repository.replaceAll(document.groups(), document.routes(), ConfigOrigin.FILE, managed, null, grantChats(document));
        named = namedBy(document);
        return new Applied(changes, adopted, kept);
    }

    /**
     * The groups a sync-mode file manages: those it wrote before (origin {@code file}) and those it names; the routes
     * without a group follow the same rule, by their own origin and whether the file has such routes.
     */
    private static ConfigRepository.ManagedGroups managedBy(ConfigDocument document) {
        Set<String> named = namedBy(document);
        boolean namesUngroupedRoutes = document.routes().stream().anyMatch(r -> r.groupId() == null);
        return (groupId, origin) -> origin == ConfigOrigin.FILE || (groupId == null ? namesUngroupedRoutes : named.contains(groupId));
    }

    private static Set<String> namedBy(ConfigDocument document) {
        Set<String> ids = new HashSet<>();
        document.groups().forEach(g -> ids.add(g.id()));
        return Set.copyOf(ids);
    }

    /** e.g. "team-a (console), legacy (source unknown)", at most ten named. */
    private static String describeKept(Map<String, ConfigOrigin> kept) {
        List<String> parts = new ArrayList<>();
        kept.forEach((id, origin) -> parts.add(id + " (" + (origin == null ? "source unknown" : origin.wireName()) + ")"));
        if (parts.size() <= 10) {
            return String.join(", ", parts);
        }
        return String.join(", ", parts.subList(0, 10)) + " and " + (parts.size() - 10) + " more";
    }

    /** Seed mode, into an empty database: the document becomes the configuration, its rows the file's. */
    private void replaceWith(ConfigDocument document) {
        repository.replaceAll(document.groups(), document.routes(), ConfigOrigin.FILE, null, grantChats(document));
    }

    /** The file is the operator's word: the chats it names as targets accept their group's messages. */
    private Runnable grantChats(ConfigDocument document) {
        return () -> repository.grantChats(document.groups(), document.routes(), ChatClaim.Via.CONFIG_FILE, settings.displayName());
    }

    private byte[] bytesAtStart() {
        try {
            return Files.readAllBytes(settings.file());
        } catch (IOException e) {
            throw new InvalidSettingException(ConfigFileSettings.SETTING, "cannot read " + settings.displayName() + ": " + e.getMessage());
        }
    }

    private ConfigDocument parseAtStart(byte[] bytes) {
        try {
            return parsed(bytes);
        } catch (InvalidConfigException e) {
            throw new InvalidSettingException(ConfigFileSettings.SETTING, e.getMessage());
        }
    }

    private static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (watcher != null) {
            watcher.shutdownNow();
            watcher = null;
        }
    }
}
