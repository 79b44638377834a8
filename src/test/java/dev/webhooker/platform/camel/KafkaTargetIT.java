package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TestKafka;

/**
 * A kafka target against a real broker (one KRaft node the test starts from Maven jars), read back by a plain
 * KafkaConsumer: the record's key is the message key, its value the push as sent, its headers the Standard Webhooks
 * ones with a signature that verifies. Then the broker stops: a push is accepted and its target retried, and once the
 * broker is back the record arrives.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// closed after the class: its producers would otherwise keep reconnecting to brokers the class has stopped
@DirtiesContext
class KafkaTargetIT {

    static final TestKafka KAFKA = TestKafka.started();
    static final String TOPIC = "webhooker-events-" + UUID.randomUUID().toString().substring(0, 8);
    static final byte[] KEY = "kafka-target-it-signing-key-01234".getBytes(StandardCharsets.UTF_8);
    static final String TARGET_SECRET = "whsec_" + Base64.getEncoder().encodeToString(KEY);

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        CamelTargetApps.properties(registry, "kafka-target", "kafka", """
                - platform: camel
                  uri: "kafka:%s?brokers=%s&maxBlockMs=3000&requestTimeoutMs=3000&deliveryTimeoutMs=6000&lingerMs=0"
                  secret: "%s"
                """.formatted(TOPIC, KAFKA.bootstrap(), TARGET_SECRET));
        CamelTargetApps.retryEverySecond(registry);
    }

    @AfterAll
    static void stopKafka() {
        KAFKA.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    final ObjectMapper json = new ObjectMapper();

    private KafkaConsumer<String, String> consumer() {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrap());
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties);
        consumer.subscribe(List.of(TOPIC));
        return consumer;
    }

    /** Every record of the topic with this webhook-id, read for at most {@code wait}. */
    private List<ConsumerRecord<String, String>> records(String deliveryId, Duration wait, int atLeast) {
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer()) {
            long until = System.nanoTime() + wait.toNanos();
            while (System.nanoTime() < until && found.size() < atLeast) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (record.value().contains(deliveryId)) {
                        found.add(record);
                    }
                }
            }
        }
        return found;
    }

    @Test
    void aPushBecomesOneSignedKeyedRecordAndWaitsOutABrokerOutage() throws Exception {
        byte[] push = CamelTargetApps.push();
        String marker = "kafka-" + UUID.randomUUID();
        // the delivery id is in the body too, so each test's records are told apart
        byte[] first = withMarker(push, marker);
        assertThat(CamelTargetApps.postPush(port, first, marker)).isEqualTo(200);

        List<ConsumerRecord<String, String>> got = records(marker, Duration.ofSeconds(60), 1);
        assertThat(got).hasSize(1);
        ConsumerRecord<String, String> record = got.get(0);
        assertThat(record.key()).isEqualTo("woodpecker-ci/woodpecker");
        assertThat(json.readTree(record.value())).isEqualTo(json.readTree(first));
        Map<String, String> headers = new HashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), new String(header.value(), StandardCharsets.UTF_8));
        }
        assertThat(headers).containsEntry("webhooker-event", "push").containsEntry("webhooker-key", "woodpecker-ci/woodpecker");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
        mac.update((headers.get("webhook-id") + "." + headers.get("webhook-timestamp") + ".").getBytes(StandardCharsets.UTF_8));
        assertThat(headers.get("webhook-signature"))
                .isEqualTo("v1," + Base64.getEncoder().encodeToString(mac.doFinal(record.value().getBytes(StandardCharsets.UTF_8))));

        // the broker goes away: the push is accepted, its target retried
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        KAFKA.stop();
        String later = "kafka-" + UUID.randomUUID();
        assertThat(CamelTargetApps.postPush(port, withMarker(push, later), later)).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM send_logs WHERE delivery_id = ? AND ok = 0", Integer.class, later) >= 1);
        assertThat(jdbc.queryForObject("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, later))
                .isIn("pending", "retrying", "processing");

        // back: the record arrives, and the delivery is done
        KAFKA.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> "delivered".equals(jdbc.queryForObject(
                "SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, later)));
        assertThat(records(later, Duration.ofSeconds(30), 1)).isNotEmpty();
    }

    /** The push with {@code marker} as its head commit's message: a body of its own. */
    private byte[] withMarker(byte[] push, String marker) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode node = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(push);
        node.putObject("webhooker_test").put("marker", marker);
        return json.writeValueAsBytes(node);
    }

}
