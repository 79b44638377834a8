package dev.webhooker.platform.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.format.NeutralMessage;

import dev.webhooker.routing.WebhookEvent;

class WebhookBodiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final WebhookBodies bodies = new WebhookBodies();
    private final NeutralMessage message = new NeutralMessage("[acme/widget] 1 new commit", "https://github.com/acme/widget",
            0x2ecc71, "Fix the widget", new NeutralMessage.Author("octocat", null, null),
            List.of(new NeutralMessage.Field("Branch", "main", true)), null, null, null, null, null, null);

    private WebhookEvent event() throws Exception {
        return new WebhookEvent("github", "push", (ObjectNode) JSON.readTree("{\"ref\":\"refs/heads/main\",\"zen\":\"é \\\"q\\\"\"}"),
                null, null);
    }

    @Test
    void theEventFormatPostsThePayloadAsRoutingSawIt() throws Exception {
        WebhookMessage rendered = bodies.render(WebhookTarget.BodyFormat.EVENT, message, event());

        assertThat(JSON.readTree(rendered.body())).isEqualTo(event().payload());
        assertThat(rendered.provider()).isEqualTo("github");
        assertThat(rendered.event()).isEqualTo("push");
    }

    @Test
    void theMessageFormatPostsTheNeutralMessageWithoutEmptyMembers() throws Exception {
        JsonNode body = JSON.readTree(bodies.render(WebhookTarget.BodyFormat.MESSAGE, message, event()).body());

        assertThat(body.path("title").asText()).isEqualTo("[acme/widget] 1 new commit");
        assertThat(body.path("color").asInt()).isEqualTo(0x2ecc71);
        assertThat(body.path("author").path("name").asText()).isEqualTo("octocat");
        assertThat(body.path("fields").get(0).path("value").asText()).isEqualTo("main");
        assertThat(body.has("footer")).isFalse();
        assertThat(body.has("actions")).isFalse();
    }
}
