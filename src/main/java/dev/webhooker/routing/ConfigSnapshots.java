package dev.webhooker.routing;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The configuration currently in force, as one immutable {@link ConfigSnapshot}: readers call
 * {@link #current()} per request and keep what they got, writers {@link #refresh()} after they commit,
 * and a poller calls {@link #refreshIfStale()} so that writes made by other instances arrive too.
 * The snapshot version increases only when groups, routes or chat claims actually changed, so per-version caches
 * (compiled patterns) survive no-op reloads.
 */
public class ConfigSnapshots {

    private final ConfigSource source;
    private final AtomicReference<ConfigSnapshot> current = new AtomicReference<>(ConfigSnapshot.empty());
    private final Object reloading = new Object();
    private volatile long loadedRevision = Long.MIN_VALUE;

    /** Loads the first snapshot at once. */
    public ConfigSnapshots(ConfigSource source) {
        this.source = source;
        refresh();
    }

    /** The latest snapshot; never null, cheap. */
    public ConfigSnapshot current() {
        return current.get();
    }

    /** Reads the store again and swaps the snapshot in one step when anything changed. */
    public ConfigSnapshot refresh() {
        synchronized (reloading) {
            ConfigSnapshot loaded = source.load();
            loadedRevision = loaded.version();
            ConfigSnapshot previous = current.get();
            if (previous.groups().equals(loaded.groups()) && previous.routes().equals(loaded.routes())
                    && previous.consent().equals(loaded.consent())) {
                return previous;
            }
            ConfigSnapshot next = new ConfigSnapshot(previous.version() + 1, loaded.groups(), loaded.routes(), loaded.consent());
            current.set(next);
            return next;
        }
    }

    /** Reloads only when the store's revision moved since the last load (one cheap query otherwise). */
    public ConfigSnapshot refreshIfStale() {
        return source.revision() != loadedRevision ? refresh() : current();
    }
}
