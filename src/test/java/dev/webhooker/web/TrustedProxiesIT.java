package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;

/**
 * TRUSTED_PROXIES=127.0.0.1: a request from 127.0.0.1 is counted under the address its X-Forwarded-For names, one
 * from 127.0.0.2 (not a trusted proxy) under its own whatever it forwards. Seen through the sign-in rate limit
 * (3 requests a minute per client address).
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TrustedProxiesIT {

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "trusted-proxies");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.admin.sign-in-rate-limit", () -> "3");
        registry.add("webhooker.trusted-proxies", () -> "127.0.0.1");
    }

    @Test
    void aTrustedProxyForwardsEachClientsAddress() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(status(port, "127.0.0.1", "198.51.100.1")).isNotEqualTo(429);
        }
        assertThat(status(port, "127.0.0.1", "198.51.100.1")).as("the fourth from one client").isEqualTo(429);
        assertThat(status(port, "127.0.0.1", "198.51.100.2")).as("another client behind the same proxy").isNotEqualTo(429);
        // the proxy appends the address it was reached from: a client's own X-Forwarded-For is left of it
        assertThat(status(port, "127.0.0.1", "198.51.100.2, 198.51.100.3")).isNotEqualTo(429);
        assertThat(status(port, "127.0.0.1", "198.51.100.1, 198.51.100.3")).as("counted for 198.51.100.3").isNotEqualTo(429);
    }

    @Test
    void anUntrustedPeerIsCountedUnderItsOwnAddressWhateverItForwards() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(status(port, "127.0.0.2", "203.0.113." + i)).isNotEqualTo(429);
        }
        assertThat(status(port, "127.0.0.2", "203.0.113.99")).isEqualTo(429);
    }

    /** The status of GET /admin/login sent from {@code localAddress} with {@code forwardedFor}. */
    static int status(int port, String localAddress, String forwardedFor) throws IOException {
        try (Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(localAddress), 0)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET /admin/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Forwarded-For: "
                    + forwardedFor + "\r\nX-Forwarded-Proto: https\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(answer);
            String text = answer.toString(StandardCharsets.ISO_8859_1);
            return Integer.parseInt(text.substring(9, 12));
        }
    }
}
