package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.SecretSeal;

/** The camel target in the wire format: its fields, its rules, and its URI's credentials sealed in place. */
class CamelPlatformTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());

    /** Reversible and visibly not the secret. */
    static final SecretSeal SEAL = new SecretSeal() {
        @Override
        public boolean isSealed(String value) {
            return value.startsWith("sealed:");
        }

        @Override
        public String seal(String plain) {
            return "sealed:" + new StringBuilder(plain).reverse();
        }

        @Override
        public String open(String sealed) {
            return new StringBuilder(sealed.substring("sealed:".length())).reverse().toString();
        }
    };

    private final ConfigJson input = ConfigJson.forInput().sealedWith(SEAL);
    private final ConfigJson storage = ConfigJson.forStorage().sealedWith(SEAL);
    private final ConfigValidator validator = new ConfigValidator();

    private static ObjectNode route(String target) throws Exception {
        return (ObjectNode) MAPPER.readTree(("{'id':'r','groupId':'g','name':'R','enabled':true,"
                + "'filters':[{'type':'event','match':'push'}],'targets':[" + target + "]}").replace('\'', '"'));
    }

    private List<String> problems(String target) throws Exception {
        Route r = input.readRoute(route(target));
        return validator.validateRoute("route r", r).stream().map(ConfigError::toString).toList();
    }

    @Test
    void readsTheUriTheSecretAndKeyed() throws Exception {
        Route r = input.readRoute(route("{'platform':'camel','uri':'kafka:events?brokers=k:9092','secret':'" + SECRET
                + "','keyed':true}"));

        CamelTarget t = (CamelTarget) r.targets().get(0);
        assertThat(t.uri()).isEqualTo("kafka:events?brokers=k:9092");
        assertThat(t.secrets()).containsExactly(SECRET);
        assertThat(t.keyed()).isTrue();
        assertThat(t.id()).matches("kafka#[0-9a-f]{8}");
        assertThat(problems("{'platform':'camel','uri':'kafka:events?brokers=k:9092'}")).isEmpty();
    }

    @Test
    void aCredentialOfTheUriIsStoredSealedInPlaceAndReadBackInClear() throws Exception {
        Route r = input.readRoute(route("{'platform':'camel','uri':'paho-mqtt5:t?brokerUrl=tcp://m:1883&userName=u&password=hunter2'}"));

        ObjectNode written = storage.write(r);
        String stored = written.path("targets").path(0).path("uri").asText();
        assertThat(stored).isEqualTo("paho-mqtt5:t?brokerUrl=tcp://m:1883&userName=sealed:u&password=sealed:2retnuh")
                .doesNotContain("hunter2");
        // what the API showed goes back unchanged, and the target is the same
        Route back = input.readRoute(written);
        assertThat(((CamelTarget) back.targets().get(0)).uri())
                .isEqualTo("paho-mqtt5:t?brokerUrl=tcp://m:1883&userName=u&password=hunter2");
        // a dry run shows it masked
        assertThat(((CamelTarget) back.targets().get(0)).shownUri())
                .isEqualTo("paho-mqtt5:t?brokerUrl=tcp://m:1883&userName=xxxxxx&password=xxxxxx");
        assertThat(MAPPER.writeValueAsString(back.targets().get(0))).doesNotContain("hunter2").contains("xxxxxx");
    }

    @Test
    void signingSecretsAreSealedAndKeyedOnlyWrittenWhenTrue() throws Exception {
        Route r = input.readRoute(route("{'platform':'camel','uri':'nats:s?servers=n:4222','secret':'" + SECRET + "'}"));

        ObjectNode target = (ObjectNode) storage.write(r).path("targets").path(0);
        assertThat(target.path("secrets").path(0).asText()).startsWith("sealed:");
        assertThat(target.has("keyed")).isFalse();
        assertThat(target.toString()).doesNotContain(SECRET);
    }

    @Test
    void shapeErrorsNameTheField() {
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'camel','uri':'nats:s','keyed':'yes'}")))
                .hasMessageContaining("targets[0].keyed: must be true or false");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'camel','uri':'nats:s','url':'x'}")))
                .hasMessageContaining("targets[0]").hasMessageContaining("url");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'camel','uri':'nats:s','secret':'" + SECRET + "','secrets':[]}")))
                .hasMessageContaining("targets[0].secrets: give secret or secrets, not both");
    }

    @Test
    void valueRulesNameTheField() throws Exception {
        assertThat(problems("{'platform':'camel'}")).containsExactly(
                "route r: targets[0].uri: required for a camel target: a Camel endpoint URI such as kafka:events?brokers=host:9092");
        assertThat(problems("{'platform':'camel','uri':'events'}")).containsExactly(
                "route r: targets[0].uri: has no scheme: write it as scheme:path?options, e.g. nats:events?servers=host:4222");
        assertThat(problems("{'platform':'camel','uri':'kafka:?brokers=k:9092'}")).containsExactly(
                "route r: targets[0].uri: has no path after kafka: (the queue, topic, subject or Kamelet name)");
        assertThat(problems("{'platform':'camel','uri':'direct:delivery'}")).singleElement().asString()
                .contains("targets[0].uri: the Camel component direct reaches inside this service");
        assertThat(problems("{'platform':'camel','uri':'https:example.com/hook'}")).singleElement().asString()
                .contains("a webhook target for HTTP");
        assertThat(problems("{'platform':'camel','uri':'kafka:t','secret':'hunter2'}")).containsExactly(
                "route r: targets[0].secret: a webhook secret starts with whsec_");
        assertThat(problems("{'platform':'camel','uri':'kafka:" + "t".repeat(2100) + "'}")).containsExactly(
                "route r: targets[0].uri: longer than 2048 characters");
    }
}
