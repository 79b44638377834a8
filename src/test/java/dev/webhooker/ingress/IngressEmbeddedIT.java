package dev.webhooker.ingress;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Embedded default: H2 file database, SQL KV, payload directory. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class IngressEmbeddedIT extends IngressEndpointContract {

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) throws Exception {
        commonProperties(registry);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
    }
}
