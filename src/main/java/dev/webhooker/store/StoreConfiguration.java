package dev.webhooker.store;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

import javax.sql.DataSource;

import org.apache.camel.CamelContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.health.HealthProbe;

/**
 * Picks the store implementations from the settings: Redis KV when REDIS_URL is set (see
 * {@link RedisConfiguration}), else the SQL table; S3 payloads when S3_BUCKET is set, else DATA_DIR/payloads.
 * Adds the /health probes {@code kv} and {@code payloads}, which really touch the store: a KV read, a
 * bucket check on S3, a write and delete of a probe file in the payload directory.
 */
@Configuration(proxyBeanMethods = false)
class StoreConfiguration {

    /** Flyway runs Java migrations it finds as beans, beside the SQL files of the vendor's folder. */
    @Bean
    org.flywaydb.core.api.migration.JavaMigration existingTargetsConsent() {
        return new ExistingTargetsConsent();
    }

    @Bean
    @Conditional(StoreConditions.RedisNotConfigured.class)
    SqlKvStore sqlKvStore(DataSource dataSource, DatabaseUrl databaseUrl) {
        return new SqlKvStore(dataSource, databaseUrl.vendor(), Clock.systemUTC());
    }

    @Bean
    @Conditional(StoreConditions.S3NotConfigured.class)
    DirectoryPayloadStore directoryPayloadStore(WebhookerProperties properties) {
        Path root = properties.dataDir().resolve("payloads");
        try {
            DataDirectory.makePrivate(properties.dataDir());
            DataDirectory.makePrivate(root);
        } catch (IOException | RuntimeException e) {
            throw new InvalidSettingException("DATA_DIR", "cannot create directory " + root + ": " + e.getMessage());
        }
        return new DirectoryPayloadStore(root);
    }

    @Bean
    @Conditional(StoreConditions.S3Configured.class)
    S3Settings s3Settings(WebhookerProperties properties) {
        return S3Settings.from(properties.s3());
    }

    /** Builds nothing that talks to S3 yet: the endpoint (and the bucket) are made on first use. */
    @Bean
    @Conditional(StoreConditions.S3Configured.class)
    S3PayloadStore s3PayloadStore(CamelContext camelContext, S3Settings s3Settings) {
        return new S3PayloadStore(camelContext, s3Settings);
    }

    @Bean
    HealthProbe kvHealthProbe(KvStore kvStore) {
        // any read answers whether the store serves requests; this key is tiny and usually absent
        return new StoreHealthProbe("kv", () -> kvStore.get(KvKeys.DISCORD_APP_ID.key()));
    }

    @Bean
    @Conditional(StoreConditions.S3NotConfigured.class)
    HealthProbe directoryPayloadsHealthProbe(DirectoryPayloadStore directoryPayloadStore) {
        return new StoreHealthProbe("payloads", directoryPayloadStore::probe);
    }

    @Bean
    @Conditional(StoreConditions.S3Configured.class)
    HealthProbe s3PayloadsHealthProbe(S3PayloadStore s3PayloadStore) {
        return new StoreHealthProbe("payloads", s3PayloadStore::probe);
    }
}
