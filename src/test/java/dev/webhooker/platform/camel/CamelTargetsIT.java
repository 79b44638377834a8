package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import io.micrometer.core.instrument.MeterRegistry;
import io.nats.client.Nats;
import io.nats.client.Subscription;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.eclipse.paho.mqttv5.client.IMqttMessageListener;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/**
 * One signed GitHub push, routed to a RabbitMQ, a NATS and an MQTT 5 target (the brokers this kind of machine runs),
 * each read back by a client of that broker's own that knows nothing of Camel: the body is the push as GitHub sent it,
 * the Standard Webhooks headers are there and the signature verifies with the target's secret.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// closed after the class: no other test uses its settings, and its broker connections need not outlive it
@DirtiesContext
class CamelTargetsIT {

    static final FakeGithub GITHUB = new FakeGithub();
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String EXCHANGE = "webhooker-it-" + RUN;
    static final String SUBJECT = "webhooker-it." + RUN;
    static final String TOPIC = "webhooker-it/" + RUN;
    static final byte[] KEY = "camel-targets-it-signing-key-0123".getBytes(StandardCharsets.UTF_8);
    static final String TARGET_SECRET = "whsec_" + Base64.getEncoder().encodeToString(KEY);

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        CamelTargetApps.properties(registry, "camel-targets", "spring-rabbitmq,nats,paho-mqtt5,kamelet", """
                - platform: camel
                  uri: "spring-rabbitmq:%s?routingKey=github.push"
                  secret: "%s"
                  keyed: true
                - platform: camel
                  uri: "nats:%s?servers=127.0.0.1:4222"
                  secret: "%s"
                  keyed: true
                - platform: camel
                  uri: "paho-mqtt5:%s?brokerUrl=tcp://127.0.0.1:1883&qos=1"
                  secret: "%s"
                  keyed: true
                - platform: camel
                  uri: "kamelet:mqtt-retained-sink?topic=%s-retained"
                """.formatted(EXCHANGE, TARGET_SECRET, SUBJECT, TARGET_SECRET, TOPIC, TARGET_SECRET, TOPIC));
        registry.add("webhooker.camel-targets.kamelets-dir", () -> "deploy/kamelets");
        registry.add("spring.rabbitmq.host", () -> "127.0.0.1");
        GITHUB.properties(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    MeterRegistry meters;

    final ObjectMapper json = new ObjectMapper();

    @Test
    void aPushReachesRabbitMqNatsAndMqttSignedAndKeyed() throws Exception {
        byte[] push = CamelTargetApps.push();
        JsonNode sent = json.readTree(push);
        String key = sent.path("repository").path("full_name").asText();

        ConnectionFactory rabbit = new ConnectionFactory();
        rabbit.setHost("127.0.0.1");
        BlockingQueue<io.nats.client.Message> natsMessages = new LinkedBlockingQueue<>();
        BlockingQueue<org.eclipse.paho.mqttv5.common.MqttMessage> mqttMessages = new LinkedBlockingQueue<>();
        BlockingQueue<String> mqttTopics = new LinkedBlockingQueue<>();
        try (Connection amqp = rabbit.newConnection(); io.nats.client.Connection nats = Nats.connect("nats://127.0.0.1:4222")) {
            Channel channel = amqp.createChannel();
            channel.exchangeDeclare(EXCHANGE, "topic", false, true, null);
            String queue = channel.queueDeclare().getQueue();
            // keyed: the routing key is the target's, then the repository as words
            channel.queueBind(queue, EXCHANGE, "github.push." + MessageKey.dotted(key));
            Subscription natsSubscription = nats.subscribe(SUBJECT + ".>");
            MqttClient mqtt = new MqttClient("tcp://127.0.0.1:1883", "it-" + RUN, new MemoryPersistence());
            mqtt.connect(new MqttConnectionOptions());
            // (the client's subscribe(topic, qos, listener) calls itself until the stack overflows: the array form)
            mqtt.subscribe(new MqttSubscription[] {new MqttSubscription(TOPIC + "/#", 1)},
                    new IMqttMessageListener[] {(topic, message) -> {
                        mqttTopics.add(topic);
                        mqttMessages.add(message);
                    }});
            try {
                assertThat(CamelTargetApps.postPush(port, push, "camel-it-" + RUN)).isEqualTo(200);

                GetResponse amqpMessage = await().atMost(Duration.ofSeconds(30)).until(() -> channel.basicGet(queue, true),
                        r -> r != null);
                Map<String, String> amqpHeaders = new HashMap<>();
                amqpMessage.getProps().getHeaders().forEach((name, value) -> amqpHeaders.put(name, String.valueOf(value)));
                assertSigned(amqpHeaders, amqpMessage.getBody(), push, key);

                io.nats.client.Message natsMessage = natsSubscription.nextMessage(Duration.ofSeconds(30));
                assertThat(natsMessage).as("a NATS message under " + SUBJECT).isNotNull();
                // keyed: the subject is the target's, then the repository as words
                assertThat(natsMessage.getSubject()).isEqualTo(SUBJECT + "." + MessageKey.dotted(key));
                Map<String, String> natsHeaders = new HashMap<>();
                natsMessage.getHeaders().entrySet().forEach(e -> natsHeaders.put(e.getKey(), e.getValue().get(0)));
                assertSigned(natsHeaders, natsMessage.getData(), push, key);

                org.eclipse.paho.mqttv5.common.MqttMessage mqttMessage = mqttMessages.poll(30, TimeUnit.SECONDS);
                assertThat(mqttMessage).as("an MQTT message under " + TOPIC).isNotNull();
                assertThat(mqttTopics.poll()).isEqualTo(TOPIC + "/" + key);
                Map<String, String> mqttHeaders = new HashMap<>();
                for (UserProperty p : mqttMessage.getProperties().getUserProperties()) {
                    mqttHeaders.put(p.getKey(), p.getValue());
                }
                assertSigned(mqttHeaders, mqttMessage.getPayload(), push, key);

                JdbcTemplate jdbc = new JdbcTemplate(dataSource);
                await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(jdbc.queryForList(
                        "SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, "camel-it-" + RUN)
                        .stream().findFirst().orElse(null)));
                assertThat(jdbc.queryForList("SELECT target FROM send_logs WHERE delivery_id = ? AND ok = 1", String.class,
                        "camel-it-" + RUN)).hasSize(4).allSatisfy(target -> assertThat(target)
                        .matches("(spring-rabbitmq|nats|paho-mqtt5|kamelet)#[0-9a-f]{8}"));

                // metrics name the component, never the URI
                for (String platform : List.of("camel:spring-rabbitmq", "camel:nats", "camel:paho-mqtt5", "camel:kamelet")) {
                    assertThat(meters.find("webhooker.target.attempts").tag("platform", platform).counter())
                            .as(platform).isNotNull().extracting(c -> c.count()).isEqualTo(1.0);
                }

                // the shipped Kamelet left the push as the retained message of <topic>/<key>: a subscriber that comes
                // later gets it at once
                BlockingQueue<String> retained = new LinkedBlockingQueue<>();
                MqttClient late = new MqttClient("tcp://127.0.0.1:1883", "it-late-" + RUN, new MemoryPersistence());
                late.connect(new MqttConnectionOptions());
                try {
                    late.subscribe(new MqttSubscription[] {new MqttSubscription(TOPIC + "-retained/#", 1)},
                            new IMqttMessageListener[] {(topic, message) -> {
                                if (message.isRetained()) {
                                    retained.add(topic + " " + new String(message.getPayload(), StandardCharsets.UTF_8));
                                }
                            }});
                    String got = retained.poll(30, TimeUnit.SECONDS);
                    assertThat(got).as("a retained message under " + TOPIC + "-retained").isNotNull();
                    assertThat(got.substring(0, got.indexOf(' '))).isEqualTo(TOPIC + "-retained/" + key);
                    assertThat(json.readTree(got.substring(got.indexOf(' ') + 1)).toString()).isEqualTo(sent.toString());
                    // an empty retained message clears it from the machine's broker
                    late.publish(TOPIC + "-retained/" + key, new byte[0], 1, true);
                } finally {
                    late.disconnect();
                    late.close();
                }
            } finally {
                mqtt.disconnect();
                mqtt.close();
            }
        }
    }

    @Test
    void theAdminApiRefusesAComponentNotAllowedAndShowsAUrisPasswordSealed() {
        GITHUB.user("olive", 2002, "olive");
        Browser olive = new Browser(port);
        assertThat(FakeGithub.signIn(olive, "olive", null).statusCode()).isEqualTo(302);

        HttpResponse<String> refused = olive.json("POST", "/admin/api/groups/team/routes", route("to-kafka",
                "kafka:events?brokers=127.0.0.1:9092"));
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(refused.body()).contains("targets[0].uri: the Camel component kafka is not allowed here"
                + " (CAMEL_TARGET_SCHEMES allows kamelet, nats, paho-mqtt5, spring-rabbitmq)");

        HttpResponse<String> created = olive.json("POST", "/admin/api/groups/team/routes", route("to-nats",
                "nats:events?servers=127.0.0.1:4222&password=hunter2"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(olive.getJson("/admin/api/groups/team/routes").body()).contains("nats:events?servers=127.0.0.1:4222&password=v1:").doesNotContain("hunter2");
        assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT targets FROM d1_routes WHERE id = 'to-nats'", String.class))
                .contains("password=v1:").doesNotContain("hunter2");
    }

    /** A route for releases: the push of the other test does not go to it. */
    private static String route(String id, String uri) {
        return "{\"id\":\"" + id + "\",\"name\":\"" + id + "\",\"enabled\":true,"
                + "\"filters\":[{\"type\":\"event\",\"match\":[\"release\"]}],"
                + "\"targets\":[{\"platform\":\"camel\",\"uri\":\"" + uri + "\"}]}";
    }

    /** The body is the push as sent, and the Standard Webhooks signature verifies with the target's key. */
    private void assertSigned(Map<String, String> headers, byte[] body, byte[] push, String key) throws Exception {
        assertThat(json.readTree(body).toString()).isEqualTo(json.readTree(push).toString());
        assertThat(headers).containsEntry("webhooker-event", "push").containsEntry("webhooker-provider", "github")
                .containsEntry("webhooker-key", key);
        String id = headers.get("webhook-id");
        String timestamp = headers.get("webhook-timestamp");
        assertThat(id).startsWith("msg_");
        assertThat(Long.parseLong(timestamp)).isCloseTo(System.currentTimeMillis() / 1000, org.assertj.core.data.Offset.offset(120L));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
        mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
        String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        assertThat(headers.get("webhook-signature")).isEqualTo(expected);
    }

}
