package dev.webhooker.control;

import java.nio.file.Files;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.testsupport.TestRedis;

/** The admin API on PostgreSQL and Redis. */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name: a context left cached would keep its
// scheduler running against the database registered last (QuartzClusterIT's)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiPostgresRedisIT extends AdminApiContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        String dataDir = Files.createTempDirectory("webhooker-admin-pg").toString();
        String database = TestPostgres.newDatabase();
        registry.add("webhooker.data-dir", () -> dataDir);
        registry.add("webhooker.database.url", () -> database);
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.redis-url", TestRedis::url);
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.secrets.key", () -> "a shared key of more than thirty-two characters");
        adminProperties(registry);
    }
}
