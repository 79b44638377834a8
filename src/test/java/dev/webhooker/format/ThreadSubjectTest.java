package dev.webhooker.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.testsupport.Fixtures;

class ThreadSubjectTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPullRequestItsReviewsCommentsAndCiRunsShareOneKey() {
        String[][] aboutPullRequest2 = {
                {"pull_request", "opened"}, {"pull_request", "closed"}, {"pull_request_review", "submitted"},
                {"pull_request_review_comment", "created"}, {"check_run", "completed-success"},
                {"check_suite", "completed"}};
        for (String[] fixture : aboutPullRequest2) {
            assertThat(subject("github", fixture[0], fixture[1])).as(fixture[0] + "/" + fixture[1])
                    .map(ThreadSubject::key).contains("Codertocat/Hello-World#2");
        }
        assertThat(subject("github", "workflow_run", "completed-with-pull-requests")).map(ThreadSubject::key)
                .contains("octo-org/octo-repo#2");
        assertThat(subject("github", "pull_request", "opened")).map(ThreadSubject::title)
                .contains("#2 Update the README with new information.");
        assertThat(subject("github", "check_run", "completed-success")).as("a CI run names only the number")
                .map(ThreadSubject::title).contains("Codertocat/Hello-World#2");
    }

    @Test
    void anIssueAndItsCommentsShareOneKey() {
        assertThat(subject("github", "issues", "opened")).map(ThreadSubject::key).contains("Codertocat/Hello-World#1");
        assertThat(subject("github", "issue_comment", "created")).map(ThreadSubject::key).contains("Codertocat/Hello-World#1");
    }

    @Test
    void pushesCiRunsOfNoPullRequestAndCustomEventsHaveNoThread() throws IOException {
        assertThat(subject("github", "push", "commits")).isEmpty();
        assertThat(subject("github", "workflow_run", "completed")).as("pull_requests is empty").isEmpty();
        assertThat(subject("github", "release", "published")).isEmpty();
        ObjectNode custom = (ObjectNode) JSON.readTree(
                "{\"repository\":{\"full_name\":\"a/b\"},\"pull_request\":{\"number\":3,\"title\":\"x\"}}");
        assertThat(ThreadSubject.of(new WebhookEvent("custom", "pull_request", custom, null, "g1"))).isEmpty();
        ObjectNode noNumber = (ObjectNode) JSON.readTree("{\"repository\":{\"full_name\":\"a/b\"},\"issue\":{\"title\":\"x\"}}");
        assertThat(ThreadSubject.of(new WebhookEvent("github", "issues", noNumber, null, "g1"))).isEmpty();
    }

    @Test
    void aLongTitleIsCutToWhatDiscordTakesForAThreadName() throws IOException {
        ObjectNode payload = (ObjectNode) JSON.readTree("{\"repository\":{\"full_name\":\"a/b\"},\"pull_request\":"
                + "{\"number\":12,\"title\":\"" + "word ".repeat(60) + "\\nnext line\"}}");
        ThreadSubject subject = ThreadSubject.of(new WebhookEvent("github", "pull_request", payload, null, "g1")).orElseThrow();
        assertThat(subject.title()).startsWith("#12 word word").doesNotContain("\n").hasSizeLessThanOrEqualTo(100);
    }

    @Test
    void giteaPullRequestsTheirReviewsAndCommentsHaveThreadsToo() {
        assertThat(subject("gitea", "pull_request", "edited")).map(ThreadSubject::key).contains("a_nice_user/hello_world_ci#7");
        assertThat(subject("gitea", "pull_request_approved", "reviewed")).map(ThreadSubject::key)
                .contains("a_nice_user/hello_world_ci#7");
        assertThat(subject("gitea", "pull_request_rejected", "reviewed")).map(ThreadSubject::key)
                .contains("a_nice_user/hello_world_ci#7");
        assertThat(subject("gitea", "pull_request", "opened")).map(ThreadSubject::key).contains("example/example#2");
        assertThat(subject("gitea", "issue_comment", "created-on-pull")).as("a comment on the pull request")
                .map(ThreadSubject::key).contains("example/example#2");
    }

    private static Optional<ThreadSubject> subject(String provider, String event, String fixture) {
        try {
            ObjectNode payload = (ObjectNode) JSON.readTree(Files.readString(
                    Fixtures.root().resolve(provider).resolve(event).resolve(fixture + ".json")));
            return ThreadSubject.of(new WebhookEvent(provider, event, payload, null, "g1"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
