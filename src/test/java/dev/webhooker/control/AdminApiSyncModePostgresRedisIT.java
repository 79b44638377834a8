package dev.webhooker.control;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/** The admin API in config-file sync mode on PostgreSQL and Redis. */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name (see AdminApiPostgresRedisIT)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiSyncModePostgresRedisIT extends AdminApiSyncModeContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.postgresAndRedis(registry, "admin-sync-pg");
        syncProperties(registry);
    }
}
