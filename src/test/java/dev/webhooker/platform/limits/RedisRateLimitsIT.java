package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
    protected LimitStore newInstanceStore() {
        URI redis = URI.create(TestRedis.url());
        return redisStore(redis.getHost(), redis.getPort() < 0 ? 6379 : redis.getPort());
    }

    private static RedisLimitStore redisStore(String host, int port) {
        LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(host, port),
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
        RateLimits limits = new RateLimits(new FallbackLimitStore(redisStore("127.0.0.1", closedPort),
                new LocalLimitStore(Clock.systemUTC()), Clock.systemUTC()), true, new SimpleMeterRegistry());
        Quota.Use chat = new Quota("telegram:chat", 1, Duration.ofMinutes(1)).of("outage");

        assertThat(limits.turn(Duration.ZERO, List.of("telegram:outage"), List.of(chat))).isEmpty();
        assertThat(limits.turn(Duration.ZERO, List.of("telegram:outage"), List.of(chat))).isPresent();
        limits.block("telegram:outage-block", Duration.ofSeconds(20));
        assertThat(limits.turn("telegram:outage-block", Duration.ZERO)).isPresent();
    }
}
