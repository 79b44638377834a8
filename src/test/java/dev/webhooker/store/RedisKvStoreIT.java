package dev.webhooker.store;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.webhooker.testsupport.TestRedis;

/** Redis (REDIS_URL set), through the same connection factory the application builds. */
class RedisKvStoreIT extends KvStoreContract {

    private static io.lettuce.core.resource.ClientResources resources;
    private static LettuceConnectionFactory connections;
    private static RedisKvStore store;

    @BeforeAll
    static void connect() {
        resources = RedisConfiguration.clientResources();
        connections = RedisConfiguration.connectionFactory(RedisSettings.parse(TestRedis.url()), resources);
        connections.afterPropertiesSet();
        connections.start();
        store = new RedisKvStore(new StringRedisTemplate(connections));
    }

    @AfterAll
    static void disconnect() {
        connections.destroy();
        resources.shutdown();
    }

    @Override
    protected KvStore store() {
        return store;
    }
}
