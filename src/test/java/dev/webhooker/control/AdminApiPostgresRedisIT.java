package dev.webhooker.control;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/** The admin API on PostgreSQL and Redis. */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name: a context left cached would keep its
// scheduler running against the database registered last (QuartzClusterIT's)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiPostgresRedisIT extends AdminApiContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.postgresAndRedis(registry, "admin-pg");
        adminProperties(registry);
    }
}
