package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.WebhookEvent;

/** The key of a message: what it is about, so one pull request's messages keep their order on one partition. */
class MessageKeyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static WebhookEvent event(String name, String payload) throws Exception {
        return new WebhookEvent("github", name, (ObjectNode) JSON.readTree(payload.replace('\'', '"')), null, null);
    }

    @Test
    void aPullRequestItsCommentsAndReviewsShareOneKey() throws Exception {
        String repo = "'repository':{'full_name':'octo-org/hello.world'}";
        assertThat(MessageKey.of(event("pull_request", "{" + repo + ",'pull_request':{'number':42}}")))
                .isEqualTo("octo-org/hello.world/pull/42");
        assertThat(MessageKey.of(event("pull_request_review", "{" + repo + ",'pull_request':{'number':42},'review':{}}")))
                .isEqualTo("octo-org/hello.world/pull/42");
        assertThat(MessageKey.of(event("issue_comment", "{" + repo + ",'issue':{'number':42,'pull_request':{}}}")))
                .isEqualTo("octo-org/hello.world/pull/42");
        assertThat(MessageKey.of(event("issues", "{" + repo + ",'issue':{'number':7}}")))
                .isEqualTo("octo-org/hello.world/issues/7");
    }

    @Test
    void aRunAndItsJobsShareOneKey() throws Exception {
        String repo = "'repository':{'full_name':'o/r'}";
        assertThat(MessageKey.of(event("workflow_run", "{" + repo + ",'workflow_run':{'id':99}}"))).isEqualTo("o/r/runs/99");
        assertThat(MessageKey.of(event("workflow_job", "{" + repo + ",'workflow_job':{'id':5,'run_id':99}}"))).isEqualTo("o/r/runs/99");
    }

    @Test
    void anEventAboutTheRepositoryHasItsNameAndOneWithoutTheProvider() throws Exception {
        assertThat(MessageKey.of(event("push", "{'repository':{'full_name':'o/r'},'ref':'refs/heads/main'}"))).isEqualTo("o/r");
        assertThat(MessageKey.of(event("ping", "{}"))).isEqualTo("github");
    }

    @Test
    void asRoutingKeyWordsAndTopicLevels() {
        assertThat(MessageKey.dotted("octo-org/hello.world/pull/42")).isEqualTo("octo-org.hello_world.pull.42");
        assertThat(MessageKey.dotted("o/a*b>c#d e")).as("no wildcard of RabbitMQ or NATS, no space").isEqualTo("o.a_b_c_d_e");
        assertThat(MessageKey.levels("o/r#1+2/pull/4")).isEqualTo("o/r_1_2/pull/4");
    }
}
