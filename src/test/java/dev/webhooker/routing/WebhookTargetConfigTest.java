package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.webhooker.platform.webhook.WebhookTarget;

/** The {@code webhook} target in the wire format: reading, the value rules, and its secrets never written in clear. */
class WebhookTargetConfigTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());
    static final String OTHER = "whsec_" + Base64.getEncoder().encodeToString(new byte[24]);

    /** Stands in for SecretBox: reversible, visibly not the secret, and refusing what it did not seal. */
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
            if (sealed.equals("sealed:elsewhere")) {
                throw new IllegalArgumentException("no configured key opens it");
            }
            return new StringBuilder(sealed.substring("sealed:".length())).reverse().toString();
        }
    };

    private final ConfigJson input = ConfigJson.forInput().sealedWith(SEAL);
    private final ConfigJson storage = ConfigJson.forStorage().sealedWith(SEAL);
    private final ConfigValidator validator = new ConfigValidator();

    private static ObjectNode node(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode route(String target) {
        return node("{'id':'hooks','groupId':'g','name':'Hooks','enabled':true,'filters':[{'type':'event','match':'push'}],'targets':[" + target + "]}");
    }

    private List<String> problems(String target) {
        Route route = input.readRoute(route(target));
        return validator.validateRoute("route", route).stream().map(e -> e.field() + ": " + e.message()).toList();
    }

    @Test
    void aWebhookTargetIsReadWithEveryField() {
        Route route = input.readRoute(route("{'platform':'webhook','url':'https://hooks.example.com/in?t=1','secret':'" + SECRET
                + "','headers':{'X-Team':'a'},'format':'message','timeoutSeconds':5}"));

        Target target = route.targets().get(0);
        assertThat(target.platform()).isEqualTo("webhook");
        assertThat(((WebhookTarget) target).webhook()).isEqualTo(new WebhookTarget.Webhook("https://hooks.example.com/in?t=1", List.of(SECRET),
                Map.of("X-Team", "a"), WebhookTarget.BodyFormat.MESSAGE, 5));
        assertThat(validator.validateRoute("route", route)).isEmpty();
    }

    @Test
    void theFormatIsTheEventUnlessSaidOtherwise() {
        Target target = input.readRoute(route("{'platform':'webhook','url':'https://h.example.com','secret':'" + SECRET + "'}"))
                .targets().get(0);

        assertThat(((WebhookTarget) target).webhook().format()).isEqualTo(WebhookTarget.BodyFormat.EVENT);
        assertThat(((WebhookTarget) target).webhook().headers()).isEmpty();
    }

    @Test
    void secretsAreWrittenSealedAndReadBackInClear() {
        Target target = new WebhookTarget(new WebhookTarget.Webhook("https://h.example.com/x", List.of(SECRET, OTHER), Map.of(),
                WebhookTarget.BodyFormat.EVENT, null));

        ObjectNode written = storage.write(target);

        assertThat(written.toString()).doesNotContain(SECRET).doesNotContain(OTHER);
        assertThat(written.get("secrets").get(0).textValue()).isEqualTo(SEAL.seal(SECRET));
        // what the API showed goes back unchanged (the console's round trip), through the strict reader too
        assertThat(storage.readTargets(storage.toText(storage.writeTargets(List.of(target))))).containsExactly(target);
        assertThat(input.readRoute(route(written.toString().replace('"', '\''))).targets()).containsExactly(target);
    }

    @Test
    void jacksonLeavesTheCredentialsOutOfATargetAsADryRunAnswerShowsIt() throws Exception {
        Target target = new WebhookTarget(new WebhookTarget.Webhook("https://h.example.com/x/token-in-path?sig=abc", List.of(SECRET),
                Map.of("Authorization", "Bearer hunter2"), WebhookTarget.BodyFormat.MESSAGE, null));

        String json = MAPPER.writeValueAsString(target);

        assertThat(json).contains("\"url\":\"https://h.example.com/…\"").contains("\"Authorization\":\"(withheld)\"")
                .doesNotContain("token-in-path").doesNotContain("sig=abc").doesNotContain("hunter2")
                .doesNotContain(SECRET).doesNotContain("secrets");
    }

    @Test
    void aSecretIsNeverWrittenWithoutASeal() {
        Target target = new WebhookTarget(new WebhookTarget.Webhook("https://h.example.com", List.of(SECRET), Map.of(), null, null));

        assertThatThrownBy(() -> ConfigJson.forStorage().write(target)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSealedSecretThisInstanceCannotOpenIsAClearError() {
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'webhook','url':'https://h.example.com',"
                + "'secrets':['sealed:elsewhere']}")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("targets[0].secrets[0]: a sealed secret this instance cannot open: no configured key opens it");
    }

    @Test
    void theTargetIdNamesTheHostAndHashesTheRest() {
        Target a = new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/a?token=s3cr3t", List.of(SECRET), null, null, null));
        Target b = new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/b", List.of(SECRET), null, null, null));

        assertThat(a.id()).matches("hooks\\.example\\.com#[0-9a-f]{8}").isNotEqualTo(b.id());
        assertThat(a.id() + a + ((WebhookTarget) a).webhook()).doesNotContain("token").doesNotContain("s3cr3t").doesNotContain(SECRET);
    }

    static Stream<Arguments> invalidTargets() {
        String ok = "'platform':'webhook','url':'https://h.example.com/in','secret':'" + SECRET + "'";
        return Stream.of(
                Arguments.of("{'platform':'webhook','secret':'" + SECRET + "'}", "targets[0].url: required for a webhook target"),
                Arguments.of("{'platform':'webhook','url':'ftp://h.example.com','secret':'" + SECRET + "'}",
                        "targets[0].url: must be an http:// or https:// URL"),
                Arguments.of("{'platform':'webhook','url':'https://user:pw@h.example.com','secret':'" + SECRET + "'}",
                        "targets[0].url: must not carry a user name or password; send credentials in headers (Authorization)"),
                Arguments.of("{'platform':'webhook','url':'https://h.example.com/a b','secret':'" + SECRET + "'}", null),
                Arguments.of("{'platform':'webhook','url':'https://h.example.com'}",
                        "targets[0].secret: required for a webhook target: a Standard Webhooks secret, whsec_ and base64"),
                Arguments.of("{'platform':'webhook','url':'https://h.example.com','secret':'hunter2'}",
                        "targets[0].secret: a webhook secret starts with whsec_"),
                Arguments.of("{'platform':'webhook','url':'https://h.example.com','secrets':['" + SECRET + "','whsec_c2hvcnQ=']}",
                        "targets[0].secrets[1]: a webhook secret holds 24 to 64 bytes, this one 5"),
                Arguments.of("{'platform':'webhook','url':'https://h.example.com','secrets':['" + SECRET + "','" + OTHER + "','"
                        + SECRET + "']}", "targets[0].secrets: at most 2 (the new secret and the one it replaces)"),
                Arguments.of("{" + ok + ",'headers':{'webhook-signature':'x'}}",
                        "targets[0].headers.webhook-signature: set by webhooker on every post; it cannot be replaced"),
                Arguments.of("{" + ok + ",'headers':{'Bad Name':'x'}}", null),
                Arguments.of("{" + ok + ",'headers':{'X-A':'one\\r\\nX-B: two'}}",
                        "targets[0].headers.X-A: must not contain control characters (a line break would start another header)"),
                Arguments.of("{" + ok + ",'timeoutSeconds':31}", "targets[0].timeoutSeconds: from 1 to 30 seconds"));
    }

    @ParameterizedTest
    @MethodSource("invalidTargets")
    void eachBadWebhookTargetGetsItsOwnError(String target, String expected) {
        List<String> problems = problems(target);

        assertThat(problems).hasSize(1);
        if (expected != null) {
            assertThat(problems.get(0)).isEqualTo(expected);
        }
    }

    @Test
    void shapeErrorsNameTheField() {
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'webhook','url':'https://h.example.com','format':'xml'}")))
                .hasMessageContaining("targets[0].format: unknown format \"xml\" (expected event or message)");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'webhook','url':'https://h.example.com','headers':{'X':1}}")))
                .hasMessageContaining("targets[0].headers.X: must be a string");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'discord','channelId':'1','url':'https://h.example.com'}")))
                .hasMessageContaining("targets[0].url: unknown field (expected one of channelId, chatId, platform, threadId, threads, topicId)");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'webhook','url':'https://h.example.com','chatId':'1'}")))
                .hasMessageContaining("targets[0].chatId: unknown field");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'matrix'}")))
                .hasMessageContaining("unknown platform \"matrix\" (expected discord, telegram, webhook, slack, teams or camel)");
    }

    @Test
    void aGroupLogCannotGoToAWebhook() {
        ObjectNode group = node("{'id':'g','name':'G','members':[{'login':'a','role':'owner'}],"
                + "'logTarget':{'platform':'webhook','url':'https://h.example.com','secret':'" + SECRET + "'}}");

        assertThat(validator.validate(List.of(input.readGroup(group)), List.of()))
                .extracting(ConfigError::field).containsExactly("logTarget.platform");
    }
}
