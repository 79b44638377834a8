package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.testsupport.TestS3;

/** S3 (S3_BUCKET set) against a real S3-compatible server (s3proxy, a separate process). */
class S3PayloadStoreIT extends PayloadStoreContract {

    private static CamelContext camel;
    private static S3PayloadStore store;

    @BeforeAll
    static void start() {
        camel = new DefaultCamelContext();
        camel.start();
        store = new S3PayloadStore(camel, settings(TestS3.server().endpoint(), newBucket()));
    }

    @AfterAll
    static void stop() {
        store.close();
        camel.stop();
    }

    @Override
    protected PayloadStore store() {
        return store;
    }

    static String newBucket() {
        return "wh-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static S3Settings settings(String endpoint, String bucket) {
        TestS3.Server server = TestS3.server();
        return S3Settings.from(new WebhookerProperties.S3(bucket, endpoint, "us-east-1", server.accessKey(), server.secretKey()));
    }

    @Test
    void createsTheBucketOnFirstUse() {
        try (S3PayloadStore fresh = new S3PayloadStore(camel, settings(TestS3.server().endpoint(), newBucket()))) {
            fresh.probe();
            String key = PayloadKeys.newKey(Instant.now());
            fresh.put(key, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(fresh.get(key)).isPresent();
        }
    }

    @Test
    void listPagesPastOnePage() {
        try (S3PayloadStore paged = new S3PayloadStore(camel, settings(TestS3.server().endpoint(), newBucket()), 2)) {
            Instant day = Instant.parse("2026-11-29T00:00:00Z");
            for (int i = 0; i < 5; i++) {
                paged.put(PayloadKeys.newKey(day), new byte[] {(byte) i});
            }
            assertThat(paged.list("webhooks/2026/11/29/")).hasSize(5);
        }
    }

    @Test
    void anUnreachableServerFailsEachCallAndIsRetried() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (S3PayloadStore down = new S3PayloadStore(camel, settings("http://127.0.0.1:" + closedPort, newBucket()))) {
            assertThatThrownBy(down::probe).isInstanceOf(PayloadStoreException.class);
            // the failed start is not cached: the next call tries again (and fails again)
            assertThatThrownBy(() -> down.get(PayloadKeys.newKey(Instant.now())))
                    .isInstanceOf(PayloadStoreException.class).hasMessageContaining("127.0.0.1");
        }
    }
}
