package dev.webhooker.configfile;

import java.io.IOException;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.routing.SecretSeal;
import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.store.ConfigRepository;

/**
 * Applies the YAML config file to the database according to its mode. The file is read and validated
 * at start in both modes, and every write logs what it changed.
 * <ul>
 *   <li>{@code seed}: at start, import the file only into a database without groups and routes.</li>
 *   <li>{@code sync}: at start, and whenever the file's content changes (checked by polling, which also
 *       works on network and container file systems where file events don't arrive), make the database
 *       exactly the file. A change is applied once the same content was seen on two checks in a row, so
 *       a file caught half-written is not applied.</li>
 * </ul>
 * A bad file at start stops start-up ({@link InvalidSettingException} naming {@code WEBHOOKER_CONFIG}); a
 * bad edit later is logged as one error line and the configuration in force stays.
 */
public class ConfigFileSync implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigFileSync.class);

    private final ConfigFileSettings settings;
    private final ConfigRepository repository;
    private final ConfigFileReader reader;
    private ScheduledExecutorService watcher;

    // touched only by start() and the single watcher thread
    private byte[] handledDigest;
    private byte[] pendingDigest;
    private boolean reportedMissing;

    public ConfigFileSync(ConfigFileSettings settings, ConfigRepository repository, SecretSeal seal) {
        this.reader = new ConfigFileReader(seal);
        this.settings = settings;
        this.repository = repository;
    }

    public ConfigFileMode mode() {
        return settings.mode();
    }

    /** The config file as named in messages (what the operator set). */
    public String fileName() {
        return settings.displayName();
    }

    /** False in sync mode: the file is authoritative, so the admin API must refuse config writes. */
    public boolean configWritesAllowed() {
        return !(settings.mode() == ConfigFileMode.SYNC && settings.hasFile());
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
        ConfigChanges changes = apply(document);
        LOG.info("Config file {} applied (sync mode): {}", settings.displayName(),
                changes == null ? "the database already matches it" : changes.describe());
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
            document = reader.parse(bytes, settings.displayName());
        } catch (InvalidConfigException e) {
            LOG.error("{}; the configuration in force stays", e.getMessage());
            handledDigest = digest;
            return false;
        }
        // a database error leaves the digest unhandled, so the next check tries again
        ConfigChanges changes = apply(document);
        handledDigest = digest;
        if (changes != null) {
            LOG.info("Config file {} changed and applied: {}", settings.displayName(), changes.describe());
        }
        return changes != null;
    }

    private void checkQuietly() {
        try {
            check();
        } catch (RuntimeException e) {
            LOG.error("{}: applying the config file failed ({}); will try again", settings.displayName(), e.toString());
        }
    }

    /** Makes the database the document, unless it already is (no write, no revision bump: null). */
    private ConfigChanges apply(ConfigDocument document) {
        ConfigSnapshot stored = repository.load();
        if (stored.groups().equals(document.groups()) && stored.routes().equals(document.routes())) {
            return null;
        }
        ConfigChanges changes = ConfigChanges.between(stored.groups(), stored.routes(), document);
        replaceWith(document);
        return changes;
    }

    /** The file is the operator's word: the chats it names as targets accept their group's messages. */
    private void replaceWith(ConfigDocument document) {
        repository.replaceAll(document.groups(), document.routes(), null,
                () -> repository.grantChats(document.groups(), document.routes(), ChatClaim.Via.CONFIG_FILE, settings.displayName()));
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
            return reader.parse(bytes, settings.displayName());
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
