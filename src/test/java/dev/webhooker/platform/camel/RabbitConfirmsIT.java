package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.springrabbit.SpringRabbitMQComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/**
 * With publisher confirms (the service's default SPRING_RABBITMQ_PUBLISHER_CONFIRM_TYPE=correlated), a RabbitMQ send
 * counts as delivered only once the broker confirmed it: a message the broker cannot route to an exchange is a failure,
 * retried, not a silent loss. Against the machine's RabbitMQ.
 */
class RabbitConfirmsIT {

    private CachingConnectionFactory rabbit;
    private DefaultCamelContext camel;
    private ProducerTemplate template;

    @BeforeEach
    void start() {
        rabbit = new CachingConnectionFactory("127.0.0.1", 5672);
        rabbit.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        camel = new DefaultCamelContext();
        SpringRabbitMQComponent component = new SpringRabbitMQComponent();
        component.setConnectionFactory(rabbit);
        camel.addComponent("spring-rabbitmq", component);
        camel.addComponent("camel-target", new CamelTargetComponent(new CamelSendRules(CamelTargetSchemes.parse("spring-rabbitmq"),
                TargetAddressGuard.allowing("", InetAddress::getAllByName), Clock.systemUTC()), null));
        camel.start();
        template = camel.createProducerTemplate();
    }

    @AfterEach
    void stop() {
        camel.stop();
        rabbit.destroy();
    }

    private SendOutcome send(String uri) {
        return template.requestBody("camel-target:send", new CamelSend(uri, "msg_1", new CamelMessage("{}", "github", "push", "o/r"),
                List.of(), false), SendOutcome.class);
    }

    @Test
    void aConfirmedMessageIsDeliveredAndOneTheBrokerRefusedIsNot() {
        String exchange = "webhooker-confirms-" + UUID.randomUUID();
        RabbitAdmin admin = new RabbitAdmin(rabbit);
        admin.declareExchange(new TopicExchange(exchange, false, true));
        try {
            assertThat(send("spring-rabbitmq:" + exchange + "?routingKey=a.b").ok()).isTrue();

            SendOutcome missing = send("spring-rabbitmq:no-such-exchange-" + UUID.randomUUID() + "?routingKey=a.b");
            assertThat(missing.ok()).isFalse();
            assertThat(missing.errorCode().retryable()).isTrue();
            assertThat(missing.error()).startsWith("spring-rabbitmq: ");
        } finally {
            admin.deleteExchange(exchange);
        }
    }
}
