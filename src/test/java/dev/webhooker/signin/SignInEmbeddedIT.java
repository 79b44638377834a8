package dev.webhooker.signin;

import java.nio.file.Files;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Sign-in on the embedded default: H2 and the SQL-backed KV, the key file generated in DATA_DIR. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SignInEmbeddedIT extends SignInContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        String dataDir = Files.createTempDirectory("webhooker-signin").toString();
        registry.add("webhooker.data-dir", () -> dataDir);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
        signInProperties(registry);
    }
}
