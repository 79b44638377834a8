package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/**
 * Without TRUSTED_PROXIES no X-Forwarded-For counts, even on Kubernetes, where Spring Boot would otherwise believe it
 * from any private-range peer (loopback among them): every request from here is counted under 127.0.0.1.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ForwardedHeadersIgnoredIT {

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "forwarded-ignored");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.admin.sign-in-rate-limit", () -> "3");
        registry.add("spring.main.cloud-platform", () -> "kubernetes");
    }

    @Test
    void forwardedAddressesAreIgnoredByDefaultOnKubernetes() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(TrustedProxiesIT.status(port, "127.0.0.1", "198.51.100." + i)).isNotEqualTo(429);
        }
        assertThat(TrustedProxiesIT.status(port, "127.0.0.1", "198.51.100.77")).isEqualTo(429);
    }
}
