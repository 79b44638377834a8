package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CallRecordTest {

    @Test
    void bodiesAreCutToTheirBoundsAndNeverSplitACharacter() {
        String emoji = "\uD83D\uDE00";
        String body = "a".repeat(CallRecord.BODY_CHARS - 1) + emoji + "tail";
        CallRecord record = CallRecord.request("POST", "https://discord.test/x", Map.of(), body)
                .answered(400, "e".repeat(CallRecord.ANSWER_CHARS + 50));

        assertThat(record.body()).hasSize(CallRecord.BODY_CHARS).endsWith("a…");
        assertThat(record.answer()).hasSize(CallRecord.ANSWER_CHARS + 1).endsWith("e…");
        assertThat(CallRecord.request("POST", "u", Map.of(), "short").body()).isEqualTo("short");
    }

    @Test
    void anAddressThatIsItselfTheCredentialShowsOnlyItsSchemeAndHost() {
        assertThat(CallRecord.hostOnly(URI.create("https://hooks.slack.com/services/T0/B0/secret?x=1")))
                .isEqualTo("https://hooks.slack.com/…");
        assertThat(CallRecord.hostOnly(URI.create("http://10.0.0.1:8080/in/token"))).isEqualTo("http://10.0.0.1:8080/…");
        assertThat(CallRecord.hostOnly(URI.create("mailto:x"))).isEqualTo("…");
    }

    @Test
    void asJsonItHoldsTheRequestAndTheAnswerOnlyWhenOneCame() {
        CallRecord sent = CallRecord.request("PATCH", "https://discord.test/channels/1/messages/2",
                Map.of("webhook-id", "msg_1"), "{\"content\":\"hi\"}");

        assertThat(sent.toJson().toString()).isEqualTo("{\"request\":{\"method\":\"PATCH\",\"url\":\"https://discord.test/channels/1/"
                + "messages/2\",\"headers\":{\"webhook-id\":\"msg_1\"},\"body\":\"{\\\"content\\\":\\\"hi\\\"}\"}}");
        assertThat(sent.answered(404, "{\"message\":\"Unknown Message\"}").toJson().path("answer").path("status").asInt())
                .isEqualTo(404);
        assertThat(sent.answered(204, null).toJson().path("answer").path("body").asText()).isEmpty();
    }
}
