package dev.webhooker.routing;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps the compiled form of the current configuration version, so patterns are compiled once per
 * version rather than per event. Thread-safe; a new version replaces (and so drops) the old one.
 *
 * <p>A request still holding an older snapshot gets a freshly compiled copy that is not cached, so a
 * straggler cannot evict the newer version. Besides the version, the cached entry must belong to an
 * equal snapshot: a caller that reuses a version number for different content gets correct, if
 * uncached-at-first, results rather than stale patterns.
 */
class CompiledConfigCache {

    private final AtomicReference<CompiledConfig> current = new AtomicReference<>();

    CompiledConfig forSnapshot(ConfigSnapshot snapshot) {
        CompiledConfig cached = current.get();
        if (cached != null && isFor(cached, snapshot)) {
            return cached;
        }
        CompiledConfig compiled = CompiledConfig.compile(snapshot);
        if (cached == null || snapshot.version() >= cached.version()) {
            current.compareAndSet(cached, compiled);
        }
        return compiled;
    }

    private static boolean isFor(CompiledConfig cached, ConfigSnapshot snapshot) {
        return cached.version() == snapshot.version()
                && (cached.snapshot() == snapshot || cached.snapshot().equals(snapshot));
    }
}
