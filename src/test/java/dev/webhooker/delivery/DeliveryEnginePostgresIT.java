package dev.webhooker.delivery;

import java.nio.file.Path;
import java.util.UUID;

import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.store.S3PayloadStore;
import dev.webhooker.store.S3Settings;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestS3;

/** The production pairing: PostgreSQL and payloads parked in S3 (s3proxy), one bucket per class. */
class DeliveryEnginePostgresIT extends DeliveryEngineContract {

    private static CamelContext camel;
    private static S3PayloadStore s3;

    @BeforeAll
    static void startS3() {
        camel = new DefaultCamelContext();
        camel.start();
        TestS3.Server server = TestS3.server();
        s3 = new S3PayloadStore(camel, S3Settings.from(new WebhookerProperties.S3(
                "wh-engine-" + UUID.randomUUID().toString().substring(0, 8), server.endpoint(), "us-east-1",
                server.accessKey(), server.secretKey())));
    }

    @AfterAll
    static void stopS3() {
        s3.close();
        camel.stop();
    }

    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }

    @Override
    PayloadStore payloadStore(Path dataDir) {
        return s3;
    }
}
