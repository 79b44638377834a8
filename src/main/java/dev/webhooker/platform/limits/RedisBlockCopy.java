package dev.webhooker.platform.limits;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.RedisPubSubListener;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * This instance's copy of the blocks kept in Redis, so that checking a send's block keys needs no Redis call.
 * Setting a block publishes it on the database's channel (in the same script that sets the key), and every
 * instance's copy applies what it hears. Redis's channels are the server's, not a database's, so the channel is
 * named after the database: deployments sharing a server on different databases do not hear each other.
 * <p>
 * The copy answers only while it is current: subscribed, and having read the blocks that were already set when that
 * subscription began. Until then, and from the moment its connection drops until Lettuce has subscribed again and
 * the blocks have been read again (what was published in between never arrived), {@link #blockedFor} answers
 * empty and the caller asks Redis. So a block is never missed for want of a message; it is only learned a little
 * later on the other instances: when its message arrives (Redis queues it for the subscribers while it runs the
 * script that sets the block). A call made on another instance in that moment is answered by the platform's own
 * limit, as a call already in flight when the platform said "wait" is.
 * <p>
 * A remaining time is counted on this instance's monotonic clock from when the block was heard or read, so a
 * block ends here at the latest a message's transit after it ends in Redis, never before.
 */
final class RedisBlockCopy extends RedisPubSubAdapter<String, String> {

    private static final Logger LOG = LoggerFactory.getLogger(RedisBlockCopy.class);

    static final String KEY_PREFIX = RedisLimitStore.PREFIX + "block:";
    /** After a failed subscription, the next attempt waits this long (checks ask Redis meanwhile). */
    static final Duration RETRY = Duration.ofSeconds(5);
    /** Blocks known, ended ones included, above which learning another first removes the ended ones. */
    private static final int SWEEP_AT = 1024;

    private final Supplier<RedisClient> client;
    private final StringRedisTemplate redis;
    private final String channel;
    /** Block key (without {@link #KEY_PREFIX}) → when it ends, in {@link System#nanoTime()}. */
    private final Map<String, Long> endsAt = new ConcurrentHashMap<>();
    /** Connects and reads the blocks, off the callers' threads and off Lettuce's event loop; ends when idle. */
    private final ExecutorService reader = new ThreadPoolExecutor(0, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            task -> {
                Thread thread = new Thread(task, "rate-limit-blocks");
                thread.setDaemon(true);
                return thread;
            });

    private volatile boolean current;
    private volatile StatefulRedisPubSubConnection<String, String> connection;
    // guarded by this
    private boolean starting;
    private long retryAt;
    /** Moves on every subscription and every lost connection: a read of the blocks counts only for its own. */
    private long subscription;

    RedisBlockCopy(Supplier<RedisClient> client, StringRedisTemplate redis, int database) {
        this.client = client;
        this.redis = redis;
        this.channel = channel(database);
    }

    /** Where the blocks of the keys in {@code database} are published. */
    static String channel(int database) {
        return RedisLimitStore.PREFIX + "blocks:" + database;
    }

    /**
     * The longest block still running on any of {@code keys} (zero when none is), or empty while the copy is not
     * current; the first call starts it.
     */
    Optional<Duration> blockedFor(List<String> keys) {
        if (!current) {
            startUnlessRunning();
            return Optional.empty();
        }
        long now = System.nanoTime();
        long longest = 0;
        for (String key : keys) {
            Long end = endsAt.get(key);
            if (end == null) {
                continue;
            }
            long left = end - now;
            if (left <= 0) {
                endsAt.remove(key, end);
            } else if (left > longest) {
                longest = left;
            }
        }
        return Optional.of(Duration.ofNanos(longest));
    }

    /** Records a block of {@code millis} on {@code key} from now (a longer one already known is kept). */
    void learned(String key, long millis) {
        long now = System.nanoTime();
        if (endsAt.size() >= SWEEP_AT) {
            // a check removes the ended blocks it meets; this removes those of keys no longer checked
            endsAt.values().removeIf(end -> end - now <= 0);
        }
        long end = now + TimeUnit.MILLISECONDS.toNanos(millis);
        endsAt.merge(key, end, (known, heard) -> heard - known > 0 ? heard : known);
    }

    /** The channel this copy listens on, where a block set in its database is published. */
    String publishedOn() {
        return channel;
    }

    /** How many blocks the copy holds, ended ones not yet removed included. */
    int blocksKnown() {
        return endsAt.size();
    }

    /** Whether checks are answered from the copy. */
    boolean current() {
        return current;
    }

    /** A published block: {@code "<milliseconds> <key>"}. */
    @Override
    public void message(String from, String message) {
        int space = message.indexOf(' ');
        if (!channel.equals(from) || space < 1) {
            return;
        }
        try {
            learned(message.substring(space + 1), Long.parseLong(message, 0, space, 10));
        } catch (NumberFormatException e) {
            LOG.debug("rate-limit blocks: ignored a message that is not a block: {}", message);
        }
    }

    /** Called on Lettuce's event loop for the first subscription and for each one after a reconnect. */
    @Override
    public void subscribed(String to, long count) {
        if (!channel.equals(to)) {
            return;
        }
        long mine;
        synchronized (this) {
            mine = ++subscription;
        }
        reader.execute(() -> readBlocks(mine));
    }

    private void dropped(RedisChannelHandler<?, ?> handler) {
        if (handler != connection) {
            return;
        }
        synchronized (this) {
            subscription++;
            current = false;
        }
        // Lettuce logs the reconnection itself; the copy says when it is current again
        LOG.debug("rate-limit blocks: the subscription to Redis dropped; each check asks Redis until it is back");
    }

    private void startUnlessRunning() {
        synchronized (this) {
            if (starting || connection != null || System.nanoTime() - retryAt < 0) {
                return;
            }
            starting = true;
        }
        reader.execute(this::subscribe);
    }

    private void subscribe() {
        StatefulRedisPubSubConnection<String, String> opened = null;
        try {
            opened = client.get().connectPubSub();
            opened.addListener((RedisPubSubListener<String, String>) this);
            opened.addListener(new RedisConnectionStateListener() {
                @Override
                public void onRedisDisconnected(RedisChannelHandler<?, ?> handler) {
                    dropped(handler);
                }
            });
            connection = opened;
            // Lettuce subscribes again by itself after a reconnect; each confirmation calls subscribed()
            opened.sync().subscribe(channel);
        } catch (RuntimeException e) {
            LOG.debug("rate-limit blocks: could not subscribe to Redis ({}); checks ask Redis", e.toString());
            giveUp(opened);
        } finally {
            synchronized (this) {
                starting = false;
            }
        }
    }

    private void readBlocks(long forSubscription) {
        int read = 0;
        try {
            List<String> found = new ArrayList<>();
            try (Cursor<String> keys = redis.scan(ScanOptions.scanOptions().match(KEY_PREFIX + "*").count(1000).build())) {
                keys.forEachRemaining(found::add);
            }
            // the remaining times of all of them in one round trip
            List<Object> remaining = redis.executePipelined((RedisCallback<Object>) pipeline -> {
                found.forEach(key -> pipeline.keyCommands().pTtl(key.getBytes(StandardCharsets.UTF_8)));
                return null;
            });
            for (int i = 0; i < found.size(); i++) {
                // -2: ended since the scan saw it; -1 (no time to live) is not a block this store wrote
                if (remaining.get(i) instanceof Long millis && millis > 0) {
                    learned(found.get(i).substring(KEY_PREFIX.length()), millis);
                    read++;
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("rate-limit blocks: could not read the blocks from Redis ({}); checks ask Redis", e.toString());
            giveUp(connection);
            return;
        }
        synchronized (this) {
            if (forSubscription != subscription) {
                return;
            }
            current = true;
        }
        LOG.info("rate-limit blocks: this instance keeps a copy of Redis's blocks ({} running), kept current by "
                + "what the instances publish", read);
    }

    private void giveUp(StatefulRedisPubSubConnection<String, String> opened) {
        synchronized (this) {
            subscription++;
            current = false;
            if (opened != null && connection == opened) {
                connection = null;
            }
            retryAt = System.nanoTime() + RETRY.toNanos();
        }
        if (opened != null) {
            opened.closeAsync();
        }
    }
}
