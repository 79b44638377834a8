package dev.webhooker.platform.limits;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import io.github.bucket4j.BucketConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A shared store that falls back to this instance's limits while it cannot be reached. Delivery goes on during a
 * Redis or database outage, each instance holding the rates on its own, as a single instance does anyway. After a
 * failure the shared store is asked again only after {@link #RETRY}, so an outage costs one failed call per
 * interval, not one per send.
 */
final class FallbackLimitStore implements LimitStore {

    private static final Logger LOG = LoggerFactory.getLogger(FallbackLimitStore.class);
    static final Duration RETRY = Duration.ofSeconds(5);

    private final LimitStore shared;
    private final LimitStore local;
    private final Clock clock;
    private volatile boolean down;
    private volatile Instant retryAt = Instant.MIN;

    FallbackLimitStore(LimitStore shared, LimitStore local, Clock clock) {
        this.shared = shared;
        this.local = local;
        this.clock = clock;
    }

    @Override
    public Duration blockedFor(List<String> keys) {
        return attempt(() -> shared.blockedFor(keys), () -> local.blockedFor(keys));
    }

    @Override
    public void block(String key, Duration wait) {
        // kept here too, so the block holds on this instance even if the shared store is lost right after
        local.block(key, wait);
        attempt(() -> {
            shared.block(key, wait);
            return null;
        }, () -> null);
    }

    @Override
    public Turn take(String key, BucketConfiguration configuration, Duration maxWait) {
        return attempt(() -> shared.take(key, configuration, maxWait), () -> local.take(key, configuration, maxWait));
    }

    @Override
    public String describe() {
        return shared.describe();
    }

    private <T> T attempt(Supplier<T> onShared, Supplier<T> onLocal) {
        if (down && clock.instant().isBefore(retryAt)) {
            return onLocal.get();
        }
        T value;
        try {
            value = onShared.get();
        } catch (RuntimeException e) {
            retryAt = clock.instant().plus(RETRY);
            if (!down) {
                down = true;
                LOG.warn("platform rate limits: {} unreachable ({}); this instance holds the limits on its own until it is back",
                        shared.describe(), e.toString());
            }
            return onLocal.get();
        }
        if (down) {
            down = false;
            LOG.info("platform rate limits: {} reachable again; the limits are shared again", shared.describe());
        }
        return value;
    }
}
