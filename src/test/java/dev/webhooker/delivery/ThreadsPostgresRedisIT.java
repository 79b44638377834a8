package dev.webhooker.delivery;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/** Threads on PostgreSQL and Redis: the thread's lock and root are rows every instance shares. */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ThreadsPostgresRedisIT extends ThreadsContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.postgresAndRedis(registry, "threads-pg");
        threadsProperties(registry);
    }
}
