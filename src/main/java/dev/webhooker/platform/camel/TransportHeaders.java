package dev.webhooker.platform.camel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;

import dev.webhooker.platform.webhook.WebhookSignature;

/**
 * The headers of one camel target message. Every transport gets the Standard Webhooks headers ({@code webhook-id},
 * {@code webhook-timestamp}, {@code webhook-signature} when signed) and {@code webhooker-provider},
 * {@code webhooker-event}, {@code webhooker-key}, as the component maps message headers: RabbitMQ, NATS and Kafka
 * carry them as their own headers, MQTT 5 as user properties. Then what each transport takes from a header: the Kafka
 * record key (always: every message about one pull request on one partition, in order), and with {@code keyed} the
 * RabbitMQ routing key or the MQTT topic extended by the key.
 */
final class TransportHeaders {

    static final String KAFKA_KEY = "kafka.KEY";
    static final String RABBITMQ_ROUTING_KEY = "CamelSpringRabbitmqRoutingOverrideKey";
    static final String MQTT_TOPIC = "CamelPahoMqtt5OverrideTopic";
    static final String MQTT_PROPERTIES = "CamelPahoMqtt5MsgProperties";

    private TransportHeaders() {
    }

    static Map<String, Object> of(CamelSend send, EndpointUri uri, long timestampSeconds) {
        CamelMessage message = send.message();
        Map<String, String> signed = new LinkedHashMap<>();
        signed.put("webhook-id", send.messageId());
        signed.put("webhook-timestamp", Long.toString(timestampSeconds));
        if (!send.secrets().isEmpty()) {
            signed.put("webhook-signature", WebhookSignature.sign(send.secrets(), send.messageId(), timestampSeconds,
                    message.body().getBytes(StandardCharsets.UTF_8)));
        }
        if (message.provider() != null) {
            signed.put("webhooker-provider", message.provider());
        }
        if (message.event() != null) {
            signed.put("webhooker-event", message.event());
        }
        signed.put("webhooker-key", message.key());
        signed.put("content-type", "application/json");

        Map<String, Object> headers = new LinkedHashMap<>(signed);
        switch (uri.scheme()) {
            case "kafka" -> headers.put(KAFKA_KEY, message.key());
            case "spring-rabbitmq" -> {
                if (send.keyed()) {
                    String routingKey = uri.option("routingKey");
                    String suffix = MessageKey.dotted(message.key());
                    headers.put(RABBITMQ_ROUTING_KEY, routingKey == null || routingKey.isEmpty() ? suffix : routingKey + "." + suffix);
                }
            }
            case "paho-mqtt5" -> {
                List<UserProperty> properties = new ArrayList<>();
                signed.forEach((name, value) -> properties.add(new UserProperty(name, value)));
                MqttProperties mqtt = new MqttProperties();
                mqtt.setUserProperties(properties);
                mqtt.setContentType("application/json");
                headers.put(MQTT_PROPERTIES, mqtt);
                if (send.keyed()) {
                    headers.put(MQTT_TOPIC, uri.path() + "/" + MessageKey.levels(message.key()));
                }
            }
            default -> {
                // a component that maps message headers (NATS, a Kamelet's sink…) takes them as they are
            }
        }
        return headers;
    }
}
