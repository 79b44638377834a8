package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.KillArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.webhooker.testsupport.TestRedis;

/** The limits on the machine's Redis, each "instance" with a connection factory of its own, as two JVMs have. */
class RedisRateLimitsIT extends SharedRateLimitsContract {

    private static final List<LettuceConnectionFactory> FACTORIES = new ArrayList<>();

    @AfterAll
    static void disconnect() {
        FACTORIES.forEach(LettuceConnectionFactory::destroy);
    }

    @Override
    protected RedisLimitStore newInstanceStore() {
        return onDatabase(0);
    }

    /** A store on the test Redis's {@code database}, as an instance of a deployment using that database. */
    private static RedisLimitStore onDatabase(int database) {
        URI redis = URI.create(TestRedis.url());
        return redisStore(redis.getHost(), redis.getPort() < 0 ? 6379 : redis.getPort(), database);
    }

    /** A store whose copy of the blocks has started and is current. */
    private RedisLimitStore withCurrentCopy() {
        RedisLimitStore store = newInstanceStore();
        store.blockedFor(List.of("discord:" + run + ":start"));
        await().atMost(Duration.ofSeconds(10)).until(store.copy()::current);
        return store;
    }

    @Test
    void aBlockSetOnOneInstanceReachesTheOthersCopyAndChecksThereAskNothingOfRedis() {
        RedisLimitStore a = newInstanceStore();
        RedisLimitStore b = withCurrentCopy();
        String key = "discord:" + run + ":42";
        long askedBefore = b.checksAskedOfRedis();

        a.block(key, Duration.ofSeconds(30));

        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                assertThat(b.blockedFor(List.of("discord:global-" + run, key))).isBetween(Duration.ofSeconds(28), Duration.ofSeconds(30)));
        for (int i = 0; i < 100; i++) {
            assertThat(b.blockedFor(List.of("discord:" + run + ":other"))).isZero();
        }
        assertThat(b.checksAskedOfRedis()).isEqualTo(askedBefore);
    }

    @Test
    void aCopyThatStartsLaterReadsTheBlocksAlreadySet() {
        RedisLimitStore a = newInstanceStore();
        String key = "telegram:" + run;
        a.block(key, Duration.ofSeconds(30));

        RedisLimitStore b = withCurrentCopy();
        long askedBefore = b.checksAskedOfRedis();

        assertThat(b.blockedFor(List.of(key))).isBetween(Duration.ofSeconds(28), Duration.ofSeconds(30));
        assertThat(b.checksAskedOfRedis()).isEqualTo(askedBefore);
    }

    @Test
    void aBlockPublishedWhileTheCopyWasCutOffStillHoldsOnceItIsCurrentAgain() {
        RedisLimitStore a = newInstanceStore();
        RedisLimitStore b = withCurrentCopy();
        String key = "webhook:" + run;

        // Redis drops every subscriber, so the message of the block below reaches no copy
        RedisClient admin = RedisClient.create(TestRedis.url());
        try (StatefulRedisConnection<String, String> connection = admin.connect()) {
            assertThat(connection.sync().clientKill(KillArgs.Builder.typePubsub())).isPositive();
        } finally {
            admin.shutdown();
        }
        a.block(key, Duration.ofSeconds(30));

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            assertThat(b.copy().current()).isTrue();
            assertThat(b.blockedFor(List.of(key))).isGreaterThan(Duration.ofSeconds(20));
        });
    }

    @Test
    void aBlockSetInAnotherDatabaseOfTheServerReachesNoCopyHere() {
        RedisLimitStore otherDeployment = onDatabase(5);
        RedisLimitStore here = withCurrentCopy();
        RedisLimitStore witness = withCurrentCopy();
        String key = "discord:" + run + ":elsewhere";
        String mine = "discord:" + run + ":here";

        otherDeployment.block(key, Duration.ofSeconds(30));
        // published after the other database's block: once the witness has it, the other message was not for us
        witness.block(mine, Duration.ofSeconds(30));
        await().atMost(Duration.ofSeconds(2)).until(() -> !here.blockedFor(List.of(mine)).isZero());

        assertThat(here.blockedFor(List.of(key))).isZero();
        assertThat(newInstanceStore().blockedFor(List.of(key))).isZero();
    }

    @Test
    void aShorterBlockShortensNoCopysLongerOne() {
        RedisLimitStore a = newInstanceStore();
        RedisLimitStore b = withCurrentCopy();
        String key = "discord:" + run + ":7";

        a.block(key, Duration.ofSeconds(40));
        await().atMost(Duration.ofSeconds(2)).until(() -> b.blockedFor(List.of(key)).compareTo(Duration.ofSeconds(35)) > 0);
        a.block(key, Duration.ofSeconds(3));

        assertThat(b.blockedFor(List.of(key))).isGreaterThan(Duration.ofSeconds(35));
        assertThat(newInstanceStore().blockedFor(List.of(key))).isGreaterThan(Duration.ofSeconds(35));
    }

    private static RedisLimitStore redisStore(String host, int port, int database) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(host, port);
        server.setDatabase(database);
        LettuceConnectionFactory factory = new LettuceConnectionFactory(server,
                LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
        factory.afterPropertiesSet();
        factory.start();
        FACTORIES.add(factory);
        return new RedisLimitStore(new StringRedisTemplate(factory), factory);
    }

    @Test
    void whileRedisIsUnreachableEachInstanceHoldsTheLimitsOnItsOwn() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        RateLimits limits = new RateLimits(new FallbackLimitStore(redisStore("127.0.0.1", closedPort, 0),
                new LocalLimitStore(Clock.systemUTC()), Clock.systemUTC()), true, new SimpleMeterRegistry());
        Quota.Use chat = new Quota("telegram:chat", 1, Duration.ofMinutes(1)).of("outage");

        assertThat(limits.admit(Duration.ZERO, List.of("telegram:outage"), List.of(chat)).deferred()).isEmpty();
        assertThat(limits.admit(Duration.ZERO, List.of("telegram:outage"), List.of(chat)).deferred()).isPresent();
        limits.block("telegram:outage-block", Duration.ofSeconds(20));
        assertThat(limits.admit(Duration.ZERO, List.of("telegram:outage-block"), List.of()).deferred()).isPresent();
    }
}
