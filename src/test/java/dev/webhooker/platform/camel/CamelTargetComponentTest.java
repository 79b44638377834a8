package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.List;

import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/** What {@code camel-target:send} answers without a broker: refused before any connection, final, or worth another try. */
class CamelTargetComponentTest {

    private DefaultCamelContext camel;
    private ProducerTemplate template;

    @BeforeEach
    void start() {
        camel = new DefaultCamelContext();
        camel.addComponent("camel-target", new CamelTargetComponent(new CamelSendRules(CamelTargetSchemes.parse("paho-mqtt5,nats,nosuch"),
                TargetAddressGuard.allowing("127.0.0.1", InetAddress::getAllByName), Clock.systemUTC()), null));
        camel.start();
        template = camel.createProducerTemplate();
    }

    @AfterEach
    void stop() {
        camel.stop();
    }

    private SendOutcome send(String uri) {
        return template.requestBody("camel-target:send", new CamelSend(uri, "msg_1", new CamelMessage("{}", "github", "push", "o/r"),
                List.of(), false), SendOutcome.class);
    }

    @Test
    void aComponentNoLongerAllowedIsNotSent() {
        SendOutcome outcome = send("kafka:events?brokers=127.0.0.1:9092");

        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errorCode().name()).isEqualTo("NO_TARGET");
        assertThat(outcome.error()).contains("CAMEL_TARGET_SCHEMES");
        assertThat(outcome.tries()).isZero();
    }

    @Test
    void aHostTheGuardRefusesIsNeverConnectedTo() {
        SendOutcome outcome = send("nats:events?servers=169.254.169.254:4222");

        assertThat(outcome.errorCode().name()).isEqualTo("TARGET_BLOCKED");
        assertThat(outcome.error()).startsWith("nats: 169.254.169.254 resolves to 169.254.169.254");
        assertThat(outcome.errorCode().retryable()).isFalse();
    }

    @Test
    void aUriCamelCannotMakeAnEndpointOfIsFinal() {
        SendOutcome outcome = send("nosuch:events");

        assertThat(outcome.errorCode().name()).isEqualTo("CAMEL_ERROR");
        assertThat(outcome.errorCode().retryable()).isFalse();
        assertThat(outcome.error()).startsWith("nosuch: ");
    }

    @Test
    void aBrokerThatDoesNotAnswerIsWorthAnotherTryAndItsPasswordIsNotInTheError() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        SendOutcome outcome = send("paho-mqtt5:events?brokerUrl=tcp://127.0.0.1:" + closed
                + "&userName=bob&password=hunter2&connectionTimeout=2");

        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.errorCode().name()).isEqualTo("NETWORK");
        assertThat(outcome.errorCode().retryable()).isTrue();
        assertThat(outcome.error()).startsWith("paho-mqtt5: ").doesNotContain("hunter2");
    }
}
