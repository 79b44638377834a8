package dev.webhooker.store;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.webhooker.config.WebhookerProperties;

/**
 * Redis, only when REDIS_URL is set (Boot's own Redis auto-configuration is excluded in application.yaml).
 * Nothing connects at start-up: the first command opens the connection, so the service starts while Redis
 * is down and /health reports it.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(StoreConditions.RedisConfigured.class)
class RedisConfiguration {

    /** Bounded so a dead server costs a request (or a health probe) a second, not minutes. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);
    /**
     * Lettuce retries a lost connection with a back-off that grows to 30 s; capped at one second so that once
     * Redis is back, the endpoints that need it work again within about a second.
     */
    private static final Delay RECONNECT = Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS);

    @Bean
    RedisSettings redisSettings(WebhookerProperties properties) {
        return RedisSettings.parse(properties.redisUrl());
    }

    @Bean(destroyMethod = "shutdown")
    ClientResources redisClientResources() {
        return clientResources();
    }

    @Bean
    LettuceConnectionFactory redisConnectionFactory(RedisSettings settings, ClientResources redisClientResources) {
        return connectionFactory(settings, redisClientResources);
    }

    /** Lettuce's threads and the reconnect delay; the caller shuts them down (Spring does for the bean). */
    public static ClientResources clientResources() {
        return DefaultClientResources.builder().reconnectDelay(RECONNECT).build();
    }

    /** Named as Boot names it, so Camel's spring-redis can use {@code redisTemplate=#stringRedisTemplate}. */
    @Bean
    StringRedisTemplate stringRedisTemplate(LettuceConnectionFactory redisConnectionFactory) {
        return new StringRedisTemplate(redisConnectionFactory);
    }

    @Bean
    RedisKvStore redisKvStore(StringRedisTemplate stringRedisTemplate) {
        return new RedisKvStore(stringRedisTemplate);
    }

    /** A factory for {@code settings}; the caller starts it (Spring does for the bean). Used by the tests too. */
    public static LettuceConnectionFactory connectionFactory(RedisSettings settings, ClientResources resources) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(settings.host(), settings.port());
        server.setDatabase(settings.database());
        if (settings.username() != null) {
            server.setUsername(settings.username());
        }
        if (settings.password() != null) {
            server.setPassword(settings.password());
        }
        ClientOptions options = ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).keepAlive(true).build())
                // fail at once while disconnected instead of queueing commands until they time out
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .build();
        LettuceClientConfiguration.LettuceClientConfigurationBuilder client = LettuceClientConfiguration.builder()
                .commandTimeout(COMMAND_TIMEOUT)
                .clientResources(resources)
                .clientOptions(options);
        if (settings.ssl()) {
            client.useSsl();
        }
        LettuceConnectionFactory factory = new LettuceConnectionFactory(server, client.build());
        factory.setEagerInitialization(false);
        return factory;
    }
}
