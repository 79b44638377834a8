package dev.webhooker.platform.limits;

import java.time.Clock;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.store.DatabaseUrl;

/**
 * Where the platform rate limits are kept: in Redis when REDIS_URL is set, else in PostgreSQL when DATABASE_URL
 * points at one (every instance of a cluster shares the database), else in this instance (the embedded default,
 * which is one instance by construction). A shared store falls back to this instance's limits while it is down.
 */
@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(RateLimitConfiguration.class);

    @Bean
    RateLimits platformRateLimits(ObjectProvider<Clock> clock, MeterRegistry meterRegistry, DeliveryProperties settings,
                                  DatabaseUrl database, DataSource dataSource,
                                  ObjectProvider<StringRedisTemplate> redis, ObjectProvider<LettuceConnectionFactory> redisConnections) {
        Clock time = clock.getIfAvailable(Clock::systemUTC);
        LocalLimitStore local = new LocalLimitStore(time);
        StringRedisTemplate template = redis.getIfAvailable();
        LimitStore store;
        if (template != null) {
            store = new FallbackLimitStore(new RedisLimitStore(template, redisConnections.getObject()), local, time);
        } else if (database.vendor() == DatabaseUrl.Vendor.POSTGRESQL) {
            store = new FallbackLimitStore(new PostgresLimitStore(dataSource), local, time);
        } else {
            store = local;
        }
        RateLimits limits = new RateLimits(store, settings.publishedRateLimits(), meterRegistry);
        LOG.info("platform rate limits kept in {}", limits.describe());
        return limits;
    }
}
