package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Camel endpoint URIs read without Camel: scheme, path, options as written, credentials and the hosts they name. */
class EndpointUriTest {

    @Test
    void readsSchemePathAndOptionsAsWritten() {
        EndpointUri uri = EndpointUri.parse("kafka:events?brokers=a:9092,b:9092&saslJaasConfig=RAW(x&y=z)&acks=all");

        assertThat(uri.scheme()).isEqualTo("kafka");
        assertThat(uri.path()).isEqualTo("events");
        assertThat(uri.options()).extracting(EndpointUri.Option::name).containsExactly("brokers", "saslJaasConfig", "acks");
        assertThat(uri.option("saslJaasConfig")).isEqualTo("x&y=z");
        assertThat(uri.option("missing")).isNull();
    }

    @Test
    void aSchemeWithSlashesIsTheSameEndpoint() {
        assertThat(EndpointUri.parse("nats://events.github?servers=h:4222").path()).isEqualTo("events.github");
    }

    @Test
    // the user name counts as a credential, as Camel's own masking has it
    void credentialsAreReplacedInPlaceAndTheRestKeptByteForByte() {
        EndpointUri uri = EndpointUri.parse("paho-mqtt5:t/a?brokerUrl=tcp://h:1883&userName=u&password=p%40ss&qos=1");

        assertThat(uri.hasCredentials()).isTrue();
        assertThat(uri.withCredentials(v -> "[" + v + "]"))
                .isEqualTo("paho-mqtt5:t/a?brokerUrl=tcp://h:1883&userName=[u]&password=[p%40ss]&qos=1");
        assertThat(uri.withCredentials(v -> v)).isEqualTo("paho-mqtt5:t/a?brokerUrl=tcp://h:1883&userName=u&password=p%40ss&qos=1");
        assertThat(EndpointUri.parse("nats:s?servers=h:4222").hasCredentials()).isFalse();
    }

    @Test
    void theCredentialOptionsOfTheBundledComponentsAreCredentials() {
        EndpointUri uri = EndpointUri.parse("kafka:t?brokers=k:9092&saslJaasConfig=x&sslKeystorePassword=x&sslKeyPassword=x"
                + "&sslTruststorePassword=x&nats=y&token=x&accessToken=x&secretKey=x&accessKey=x&userName=x&password=x"
                + "&routingKey=a.b&topic=t&keyed=true&servers=s&brokerUrl=b&qos=1&clientId=c&groupId=g&exchangeType=topic");

        assertThat(uri.options().stream().filter(EndpointUri.Option::sensitive).map(EndpointUri.Option::name)).containsExactly(
                "saslJaasConfig", "sslKeystorePassword", "sslKeyPassword", "sslTruststorePassword", "token", "accessToken",
                "secretKey", "accessKey", "userName", "password");
    }

    @Test
    void namesTheHostsOfEveryHostOption() {
        assertThat(EndpointUri.parse("kafka:t?brokers=k1.internal:9092, 10.0.0.7:9092").hosts())
                .containsExactly("k1.internal", "10.0.0.7");
        assertThat(EndpointUri.parse("nats:s?servers=nats://user:pw@nats.example:4222,[::1]:4222").hosts())
                .containsExactly("nats.example", "[::1]");
        assertThat(EndpointUri.parse("paho-mqtt5:t?brokerUrl=tcp://169.254.169.254:1883").hosts())
                .containsExactly("169.254.169.254");
        assertThat(EndpointUri.parse("kamelet:sink?url=http%3A%2F%2Finternal%3A8080%2Fx").hosts()).containsExactly("internal");
        // RabbitMQ's connection is the service's own (SPRING_RABBITMQ_*): the URI names no host
        assertThat(EndpointUri.parse("spring-rabbitmq:events?routingKey=a.b").hosts()).isEmpty();
    }

    @Test
    void refusesWhatIsNotAnEndpointUri() {
        assertThatThrownBy(() -> EndpointUri.parse("")).hasMessageStartingWith("required");
        assertThatThrownBy(() -> EndpointUri.parse("events")).hasMessageStartingWith("has no scheme");
        assertThatThrownBy(() -> EndpointUri.parse("Kafka:events")).hasMessageContaining("not a Camel component name");
        assertThatThrownBy(() -> EndpointUri.parse(" kafka:events")).hasMessageContaining("spaces");
        assertThatThrownBy(() -> EndpointUri.parse("kafka:ev\nents")).hasMessageContaining("control characters");
    }
}
