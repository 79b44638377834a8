package dev.webhooker.control;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/** The admin API in config-file sync mode on the embedded default (H2, SQL-backed KV). */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiSyncModeEmbeddedIT extends AdminApiSyncModeContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "admin-sync");
        syncProperties(registry);
    }
}
