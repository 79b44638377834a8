package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class GiteaNormalizerTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final GiteaNormalizer normalizer = new GiteaNormalizer();

    private ObjectNode json(String text) throws Exception {
        return (ObjectNode) mapper.readTree(text.replace('\'', '"'));
    }

    @Test
    void pushGetsCompareAndSenderFromGiteaFields() throws Exception {
        ObjectNode p = json("{'compare_url':'https://g/x/compare/a...b','pusher':{'login':'alice'}}");
        assertThat(normalizer.normalize("push", p)).isEqualTo("push");
        assertThat(p.get("compare").textValue()).isEqualTo("https://g/x/compare/a...b");
        assertThat(p.get("sender").get("login").textValue()).isEqualTo("alice");
    }

    @Test
    void pushKeepsWhatIsAlreadyThere() throws Exception {
        ObjectNode p = json("{'compare_url':'u','compare':'c','sender':{'login':'bob'},'pusher':{'login':'alice'}}");
        normalizer.normalize("push", p);
        assertThat(p.get("compare").textValue()).isEqualTo("c");
        assertThat(p.get("sender").get("login").textValue()).isEqualTo("bob");
        ObjectNode emptyCompare = json("{'compare_url':''}");
        normalizer.normalize("push", emptyCompare);
        assertThat(emptyCompare.has("compare")).isFalse();
    }

    @Test
    void reviewCommentIsRenamedAndGetsPullRequestAndPosition() throws Exception {
        ObjectNode p = json("{'issue':{'number':3},'comment':{'line':12}}");
        assertThat(normalizer.normalize("pull_request_comment", p)).isEqualTo("pull_request_review_comment");
        assertThat(p.get("pull_request").get("number").intValue()).isEqualTo(3);
        assertThat(p.get("comment").get("position").intValue()).isEqualTo(12);
        ObjectNode hasBoth = json("{'pull_request':{'number':4},'issue':{'number':3},'comment':{'line':12,'position':null}}");
        normalizer.normalize("pull_request_comment", hasBoth);
        assertThat(hasBoth.get("pull_request").get("number").intValue()).isEqualTo(4);
        assertThat(hasBoth.get("comment").get("position").isNull()).isTrue();
    }

    @Test
    void commitCommentGetsTheTopLevelCommitId() throws Exception {
        ObjectNode p = json("{'commit_id':'abc','comment':{'commit_id':''}}");
        normalizer.normalize("commit_comment", p);
        assertThat(p.get("comment").get("commit_id").textValue()).isEqualTo("abc");
    }

    @Test
    void otherEventsPassUnchanged() throws Exception {
        ObjectNode p = json("{'action':'opened','compare_url':'u'}");
        assertThat(normalizer.normalize("issues", p)).isEqualTo("issues");
        assertThat(p).isEqualTo(json("{'action':'opened','compare_url':'u'}"));
        assertThat(normalizer.normalize("issue_comment", json("{}"))).isEqualTo("issue_comment");
    }
}
