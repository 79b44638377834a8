package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.TestDatabases;

/** Which store the deployment's settings pick: Redis when it is configured, else PostgreSQL, else the instance. */
class RateLimitConfigurationTest {

    private static final DataSource H2 = TestDatabases.h2();

    private final ApplicationContextRunner context = runner(DeliveryProperties.defaults());

    private static ApplicationContextRunner runner(DeliveryProperties settings) {
        return new ApplicationContextRunner()
                .withUserConfiguration(RateLimitConfiguration.class)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withBean(DeliveryProperties.class, () -> settings);
    }

    @Test
    void theEmbeddedDefaultKeepsTheLimitsInTheInstance() {
        context.withBean(DatabaseUrl.class, () -> DatabaseUrl.resolve("", null, null, Path.of("unused")))
                .withBean(DataSource.class, () -> H2)
                .run(app -> assertThat(app.getBean(RateLimits.class).describe()).isEqualTo("this instance"));
    }

    @Test
    void postgresqlWithoutRedisSharesThemThroughTheDatabase() {
        context.withBean(DatabaseUrl.class, () -> new DatabaseUrl("jdbc:postgresql://127.0.0.1/db", null, null, DatabaseUrl.Vendor.POSTGRESQL))
                .withBean(DataSource.class, () -> H2)
                .run(app -> assertThat(app.getBean(RateLimits.class).describe()).isEqualTo("PostgreSQL"));
    }

    @Test
    void redisWhenItIsConfigured() {
        LettuceConnectionFactory connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", 6379));
        context.withBean(DatabaseUrl.class, () -> new DatabaseUrl("jdbc:postgresql://127.0.0.1/db", null, null, DatabaseUrl.Vendor.POSTGRESQL))
                .withBean(DataSource.class, () -> H2)
                .withBean(LettuceConnectionFactory.class, () -> connections)
                .withBean(StringRedisTemplate.class, () -> new StringRedisTemplate(connections))
                .run(app -> assertThat(app.getBean(RateLimits.class).describe()).isEqualTo("Redis"));
    }

    @Test
    void publishedQuotasOffIsSaid() {
        runner(new DeliveryProperties(null, null, null, 0, null, null, null, null, null, false))
                .withBean(DatabaseUrl.class, () -> DatabaseUrl.resolve("", null, null, Path.of("unused")))
                .withBean(DataSource.class, () -> H2)
                .run(app -> assertThat(app.getBean(RateLimits.class).describe()).isEqualTo("this instance, published quotas off"));
    }
}
