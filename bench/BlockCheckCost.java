package dev.webhooker.platform.limits;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Not a point of run.sh: what one check of a send's rate-limit blocks costs on the Redis set-up, in CPU of this
 * process and of redis-server. Eight threads check two keys (Discord's global key and a bucket's, as a Discord send
 * does) through RedisLimitStore, in four rounds; the first warms the JIT. Compiled against the classes of the build
 * to measure, in their package (RedisLimitStore is package-private): see bench/README.md.
 * <p>
 * Arguments: checks per thread and round, redis-server's process id (its CPU is read from /proc), optionally the
 * Redis database (9; nothing is written but the store's own keys).
 */
public class BlockCheckCost {

    private static final int THREADS = 8;

    public static void main(String[] args) throws Exception {
        int perThread = Integer.parseInt(args[0]);
        long redisPid = Long.parseLong(args[1]);
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration("127.0.0.1", 6379);
        server.setDatabase(args.length > 2 ? Integer.parseInt(args[2]) : 9);
        LettuceConnectionFactory factory = new LettuceConnectionFactory(server,
                LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
        factory.afterPropertiesSet();
        factory.start();
        RedisLimitStore store = new RedisLimitStore(new StringRedisTemplate(factory), factory);
        List<String> keys = List.of("discord:global", "discord:bucket:123");
        // a build with a copy of the blocks starts it on the first check; give it the moment to subscribe
        store.blockedFor(keys);
        Thread.sleep(500);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int round = 0; round < 4; round++) {
            long cpuBefore = os.getProcessCpuTime();
            long redisBefore = ticks(redisPid);
            long started = System.nanoTime();
            CountDownLatch done = new CountDownLatch(THREADS);
            for (int t = 0; t < THREADS; t++) {
                new Thread(() -> {
                    for (int i = 0; i < perThread; i++) {
                        store.blockedFor(keys);
                    }
                    done.countDown();
                }).start();
            }
            done.await();
            long wall = System.nanoTime() - started;
            long cpu = os.getProcessCpuTime() - cpuBefore;
            // /proc counts in clock ticks of 10 ms
            long redis = (ticks(redisPid) - redisBefore) * 10_000_000L;
            long checks = (long) perThread * THREADS;
            System.out.printf("round %d: %d checks, per check: %.2f µs wall, %.2f µs CPU of this process, %.2f µs CPU of redis-server%n",
                    round, checks, wall / 1e3 / checks, cpu / 1e3 / checks, redis / 1e3 / checks);
        }
        factory.destroy();
    }

    /** User and system CPU time of a process so far, in clock ticks. */
    private static long ticks(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
