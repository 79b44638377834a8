package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.chat.discord.DiscordKeys;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.GithubWebhooks;

/**
 * Senders that drip a body byte by byte, on every kind of path that is not {@code /webhook}: the Discord interactions
 * endpoint (signature headers that look right), a path nothing serves (404), a PUT form, and the admin API without a
 * session (401). More of them than the server has threads (32); meanwhile signed webhooks and {@code /health} are
 * answered as fast as ever, and each dripper gets a 408 once {@code WEBHOOK_BODY_TIMEOUT} passes.
 */
@CamelSpringBootTest
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SlowBodiesIT {

    static final String GITHUB_SECRET = "slow-bodies-secret";
    static final DiscordKeys DISCORD_KEYS = new DiscordKeys();
    static final Duration BODY_TIMEOUT = Duration.ofSeconds(6);
    static final int SENDERS_PER_PATH = 40;
    private static final Pattern STATUS_LINE = Pattern.compile("^HTTP/1\\.1 (\\d{3})", Pattern.MULTILINE);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "slow-bodies");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.ingress.github-webhook-secret", () -> GITHUB_SECRET);
        registry.add("webhooker.ingress.body-timeout", () -> BODY_TIMEOUT.toMillis() + "ms");
        registry.add("webhooker.platforms.discord-public-key", DISCORD_KEYS::publicKeyHex);
    }

    /** The request head of a dripper on each path; the body (200 bytes declared) follows a byte a second. */
    static Map<String, String> dripperHeads() {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String signature = DISCORD_KEYS.sign(timestamp, "{}".getBytes(StandardCharsets.UTF_8));
        Map<String, String> heads = new LinkedHashMap<>();
        heads.put("discord", "POST /discord/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "X-Signature-Ed25519: " + signature + "\r\nX-Signature-Timestamp: " + timestamp + "\r\n");
        heads.put("404", "POST /nothing/here HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n");
        heads.put("put-form", "PUT /nothing/here HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n");
        heads.put("401", "POST /admin/api/config/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n");
        heads.replaceAll((path, head) -> head + "Content-Length: 200\r\n\r\n");
        return heads;
    }

    @Test
    void driplingBodiesOnEveryPathHoldNoThreadAndEndIn408() throws Exception {
        // one webhook first: the cold start of its path is not what is measured
        byte[] first = "{\"ref\":\"refs/heads/warm-up\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(GithubWebhooks.post(url("/webhook"), GITHUB_SECRET, "push", UUID.randomUUID().toString(), first).statusCode()).isEqualTo(200);
        List<Socket> drippers = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try {
            for (Map.Entry<String, String> head : dripperHeads().entrySet()) {
                for (int i = 0; i < SENDERS_PER_PATH; i++) {
                    Socket socket = new Socket("127.0.0.1", port);
                    socket.getOutputStream().write(head.getValue().getBytes(StandardCharsets.ISO_8859_1));
                    socket.getOutputStream().write('{');
                    socket.getOutputStream().flush();
                    drippers.add(socket);
                    names.add(head.getKey());
                }
            }
            Instant dripStarted = Instant.now();
            long slowestWebhook = 0;
            long slowestHealth = 0;
            int webhooks = 0;
            long dripped = 0;
            // a byte a second on every dripper, and a webhook and a health check every 250 ms, for 4 s
            while (Duration.between(dripStarted, Instant.now()).compareTo(Duration.ofSeconds(4)) < 0) {
                long second = Duration.between(dripStarted, Instant.now()).toSeconds();
                if (second > dripped) {
                    dripped = second;
                    for (Socket socket : drippers) {
                        socket.getOutputStream().write(' ');
                        socket.getOutputStream().flush();
                    }
                }
                byte[] body = ("{\"ref\":\"refs/heads/main\",\"after\":\"" + UUID.randomUUID() + "\"}").getBytes(StandardCharsets.UTF_8);
                long started = System.nanoTime();
                HttpResponse<String> webhook = GithubWebhooks.post(url("/webhook"), GITHUB_SECRET, "push", UUID.randomUUID().toString(), body);
                slowestWebhook = Math.max(slowestWebhook, (System.nanoTime() - started) / 1_000_000);
                assertThat(webhook.statusCode()).as(webhook.body()).isEqualTo(200);
                webhooks++;
                started = System.nanoTime();
                HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create(url("/health"))).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                slowestHealth = Math.max(slowestHealth, (System.nanoTime() - started) / 1_000_000);
                assertThat(health.statusCode()).isEqualTo(200);
                Thread.sleep(250);
            }
            System.out.printf("SlowBodiesIT: %d drippers, %d webhooks, slowest webhook %d ms, slowest /health %d ms%n",
                    drippers.size(), webhooks, slowestWebhook, slowestHealth);
            assertThat(webhooks).isGreaterThanOrEqualTo(5);
            assertThat(slowestWebhook).as("the slowest signed webhook, ms").isLessThan(1500);
            assertThat(slowestHealth).as("the slowest /health, ms").isLessThan(1500);

            // the drippers stop; each is answered 408 once its deadline passes, and its connection closed
            Instant deadline = dripStarted.plus(BODY_TIMEOUT).plusSeconds(5);
            for (int i = 0; i < drippers.size(); i++) {
                String answer = answer(drippers.get(i), deadline);
                assertThat(answer).as(names.get(i)).startsWith("HTTP/1.1 408").contains("Connection: close")
                        .contains("\"error\":\"Request timeout\"");
            }
        } finally {
            for (Socket socket : drippers) {
                socket.close();
            }
        }
    }

    /**
     * A Camel platform-http route (here {@code /health}) answers asynchronously: Spring MVC hands the request back
     * to the container once the route is done. For a body that arrived in pieces that is a second dispatch after
     * the one that resumed the request, and the route has read the body by then; the connection stays usable and
     * nothing fails on the server.
     */
    @Test
    void aBodyInPiecesToACamelRouteIsAnsweredByTheRouteAndTheConnectionServesTheNextRequest(CapturedOutput output) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("GET /health HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: 10\r\n\r\nhello").getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            Thread.sleep(300);
            socket.getOutputStream().write("world".getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            Thread.sleep(300);
            socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            String answers = answer(socket, Instant.now().plusSeconds(5));
            assertThat(STATUS_LINE.matcher(answers).results().map(status -> status.group(1))).as(answers)
                    .containsExactly("200", "200");
            assertThat(answers).contains("\"status\":\"ok\"");
        }
        assertThat(output.getAll()).doesNotContain("was called already").doesNotContain("Error during async");
    }

    @Test
    void anInteractionWithoutPlausibleSignatureHeadersIs401AtOnceWithItsBodyUnread() throws Exception {
        String stale = Long.toString(Instant.now().minusSeconds(3600).getEpochSecond());
        for (String headers : List.of("", "X-Signature-Ed25519: abc\r\nX-Signature-Timestamp: 1\r\n",
                "X-Signature-Ed25519: " + "ab".repeat(64) + "\r\nX-Signature-Timestamp: " + stale + "\r\n")) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.getOutputStream().write(("POST /discord/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + headers + "Content-Length: 100000\r\n\r\n{").getBytes(StandardCharsets.ISO_8859_1));
                long started = System.nanoTime();
                String answer = answer(socket, Instant.now().plusSeconds(3));
                assertThat(answer).as(headers).startsWith("HTTP/1.1 401").contains("Connection: close").endsWith("Invalid signature");
                assertThat((System.nanoTime() - started) / 1_000_000).as("ms until the answer and the close").isLessThan(2000);
            }
        }
    }

    @Test
    void aChunkedInteractionOverTheLimitIs413() throws Exception {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("POST /discord/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "X-Signature-Ed25519: " + "ab".repeat(64) + "\r\nX-Signature-Timestamp: " + timestamp + "\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) ' ');
            try {
                for (int i = 0; i < 20; i++) {
                    socket.getOutputStream().write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    socket.getOutputStream().write(chunk);
                    socket.getOutputStream().write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
            } catch (IOException closed) {
                // the server answered and closed before the rest was written
            }
            assertThat(answer(socket, Instant.now().plusSeconds(5))).startsWith("HTTP/1.1 413").contains("\"error\":\"Request too large\"");
        }
    }

    private String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** What the server wrote on {@code socket} until it closed it (or {@code deadline} passed). */
    private static String answer(Socket socket, Instant deadline) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (Instant.now().isBefore(deadline)) {
            socket.setSoTimeout((int) Math.max(1, Duration.between(Instant.now(), deadline).toMillis()));
            try {
                int n = socket.getInputStream().read(buffer);
                if (n < 0) {
                    break;
                }
                answer.write(buffer, 0, n);
            } catch (SocketTimeoutException e) {
                return answer.toString(StandardCharsets.ISO_8859_1) + "\n(still open at the deadline)";
            } catch (IOException reset) {
                break;
            }
        }
        return answer.toString(StandardCharsets.ISO_8859_1);
    }
}
