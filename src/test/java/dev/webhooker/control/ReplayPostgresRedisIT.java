package dev.webhooker.control;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/**
 * Replays and redeliveries on PostgreSQL and Redis, with every payload parked in the payload store (the inline
 * limit is below the fixture's size), so a failed delivery keeps its parked object and a replay reads it.
 */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name (see AdminApiPostgresRedisIT)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReplayPostgresRedisIT extends ReplayContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.postgresAndRedis(registry, "replay-pg");
        replayProperties(registry);
        registry.add("webhooker.ingress.payload-inline-max-bytes", () -> "1KB");
    }
}
