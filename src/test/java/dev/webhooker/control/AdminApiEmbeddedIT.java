package dev.webhooker.control;

import java.nio.file.Files;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The admin API on the embedded default (H2, SQL-backed KV). */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiEmbeddedIT extends AdminApiContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        String dataDir = Files.createTempDirectory("webhooker-admin").toString();
        registry.add("webhooker.data-dir", () -> dataDir);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
        adminProperties(registry);
    }
}
