package dev.webhooker.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.WebhookEvent;

class ActingPeopleTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static WebhookEvent event(String name, String json) throws Exception {
        return new WebhookEvent("github", name, (ObjectNode) JSON.readTree(json.replace('\'', '"')), null, null);
    }

    @Test
    void aReviewRequestAsksTheReviewerAndAnAssignmentTheAssignee() throws Exception {
        assertThat(ActingPeople.of(event("pull_request", "{'action':'review_requested','requested_reviewer':{'login':'octocat'},"
                + "'pull_request':{'body':'@hubot see this'},'sender':{'login':'alice'}}"))).containsExactly("octocat");
        assertThat(ActingPeople.of(event("issues", "{'action':'assigned','assignee':{'login':'mona'},'sender':{'login':'alice'}}")))
                .containsExactly("mona");
        assertThat(ActingPeople.of(event("pull_request", "{'action':'review_requested','requested_team':{'slug':'core'}}")))
                .as("a team is nobody in particular").isEmpty();
    }

    @Test
    void everyoneNamedInACommentReviewOrNewBodyOnceInOrderButNotTheSender() throws Exception {
        assertThat(ActingPeople.of(event("issue_comment", "{'action':'created','comment':{'body':"
                + "'@Mona and @octocat, please; cc @mona again. Mail me at a@b.com, ask @acme/core, and `@not-this` or\\n"
                + "```\\n@nor-this\\n```\\n(@last-one)'},'sender':{'login':'alice'}}")))
                .containsExactly("Mona", "octocat", "last-one");
        assertThat(ActingPeople.of(event("pull_request_review", "{'action':'submitted','review':{'body':'LGTM @alice @bob'},"
                + "'sender':{'login':'alice'}}"))).containsExactly("bob");
        assertThat(ActingPeople.of(event("pull_request", "{'action':'opened','pull_request':{'body':'Fixes it, @carol'}}")))
                .containsExactly("carol");
        assertThat(ActingPeople.of(event("pull_request", "{'action':'closed','pull_request':{'body':'Fixes it, @carol'}}")))
                .as("a body is read when it is new, not on every later event").isEmpty();
    }

    @Test
    void aBodyThatNamesACrowdMentionsAtMostTen() throws Exception {
        StringBuilder crowd = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            crowd.append("@user").append(i).append(' ');
        }
        assertThat(ActingPeople.of(event("issue_comment", "{'comment':{'body':'" + crowd + "'}}"))).hasSize(ActingPeople.MAX)
                .startsWith("user0", "user1");
    }
}
