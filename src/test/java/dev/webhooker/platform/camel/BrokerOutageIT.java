package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.eclipse.paho.mqttv5.client.IMqttMessageListener;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TcpProxy;

/**
 * A broker that goes away: the MQTT target reaches the machine's Mosquitto through a TCP proxy, which drops every
 * connection and refuses new ones while the broker is "down". The push is accepted, the target is retried on the
 * schedule while the broker cannot be reached, and once it is back the message arrives, once.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// closed after the class: its producers would otherwise keep reconnecting to brokers the class has stopped
@DirtiesContext
class BrokerOutageIT {

    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String TOPIC = "webhooker-outage/" + RUN;
    static final TcpProxy BROKER = proxy();

    static TcpProxy proxy() {
        try {
            return new TcpProxy("127.0.0.1", 1883);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        CamelTargetApps.properties(registry, "broker-outage", "paho-mqtt5", """
                - platform: camel
                  uri: "paho-mqtt5:%s?brokerUrl=tcp://127.0.0.1:%d&qos=1&connectionTimeout=2&clientId=outage-%s"
                """.formatted(TOPIC, BROKER.port(), RUN));
        CamelTargetApps.retryEverySecond(registry);
    }

    @AfterAll
    static void closeProxy() throws Exception {
        BROKER.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void aPushWaitsOutTheOutageAndArrivesOnce() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        List<String> received = new CopyOnWriteArrayList<>();
        MqttClient subscriber = new MqttClient("tcp://127.0.0.1:1883", "outage-reader-" + RUN, new MemoryPersistence());
        subscriber.connect(new MqttConnectionOptions());
        try {
            subscriber.subscribe(new MqttSubscription[] {new MqttSubscription(TOPIC, 1)},
                    new IMqttMessageListener[] {(topic, message) -> {
                        for (UserProperty p : message.getProperties().getUserProperties()) {
                            if (p.getKey().equals("webhook-id")) {
                                received.add(p.getValue());
                            }
                        }
                    }});

            BROKER.cut();
            String delivery = "outage-" + RUN;
            assertThat(CamelTargetApps.postPush(port, CamelTargetApps.push(), delivery)).isEqualTo(200);

            // the target is retried on the schedule while the broker cannot be reached
            await().atMost(Duration.ofSeconds(60)).until(() -> jdbc.queryForObject(
                    "SELECT COUNT(*) FROM send_logs WHERE delivery_id = ? AND ok = 0", Integer.class, delivery) >= 2);
            // not final; retried every second, it may be claimed for its next try at this very moment
            assertThat(jdbc.queryForObject("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, delivery))
                    .isIn("pending", "retrying", "processing");
            assertThat(jdbc.queryForList("SELECT error FROM send_logs WHERE delivery_id = ? AND ok = 0", String.class, delivery))
                    .allSatisfy(error -> assertThat(error).startsWith("paho-mqtt5: "));
            assertThat(received).isEmpty();

            BROKER.heal();
            await().atMost(Duration.ofSeconds(90)).until(() -> "delivered".equals(jdbc.queryForObject(
                    "SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, delivery)));
            await().atMost(Duration.ofSeconds(10)).until(() -> !received.isEmpty());
            // a while longer: nothing more arrives
            Thread.sleep(3000);
            assertThat(received).hasSize(1);
            assertThat(received.get(0)).startsWith("msg_");
        } finally {
            subscriber.disconnect();
            subscriber.close();
        }
    }

}
