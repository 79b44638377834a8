package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The value each filter type tests, on real GitHub payloads from the shared fixtures. */
class EventValuesTest {

    static Stream<Arguments> branches() {
        return Stream.of(
                arguments("push", "commits.json", "main"),
                arguments("push", "tag-created.json", "refs/tags/v0.0.1"),
                arguments("pull_request", "opened.json", "changes"),
                arguments("pull_request_review", "submitted.json", "changes"),
                arguments("pull_request_review_comment", "created.json", "changes"),
                arguments("create", "tag.json", "simple-tag"),
                arguments("delete", "tag.json", "simple-tag"),
                arguments("workflow_run", "completed.json", "master"),
                arguments("workflow_job", "queued.json", "main"),
                arguments("check_suite", "requested.json", "master"),
                arguments("deployment", "created.json", "master"),
                arguments("code_scanning_alert", "reopened.json", "refs/heads/master"),
                arguments("check_run", "created.json", null),
                arguments("release", "published.json", null),
                arguments("status", "success.json", null));
    }

    @ParameterizedTest(name = "branch of {0}/{1} is {2}")
    @MethodSource("branches")
    void branchFollowsTheExtractionTable(String eventDir, String file, String expected) {
        assertThat(new EventValues(fixture(eventDir, file)).of(FilterType.BRANCH)).isEqualTo(Optional.ofNullable(expected));
    }

    @Test
    void fieldValuesComeFromTheDocumentedPaths() {
        EventValues values = new EventValues(fixture("pull_request", "opened.json"));

        assertThat(values.of(FilterType.EVENT)).contains("pull_request");
        assertThat(values.of(FilterType.REPO)).contains("Codertocat/Hello-World");
        assertThat(values.of(FilterType.ACTOR)).contains("Codertocat");
        assertThat(values.of(FilterType.ACTION)).contains("opened");
    }

    @Test
    void onlyTheFirstHeadsPrefixIsRemovedFromAPushRef() {
        EventValues values = new EventValues(event("push", "{\"ref\":\"refs/heads/refs/heads/x\"}"));

        assertThat(values.of(FilterType.BRANCH)).contains("refs/heads/x");
    }

    @Test
    void emptyAndNonStringFieldsHaveNoValue() {
        EventValues values = new EventValues(event("", "{\"action\":true,\"sender\":{\"login\":\"\"},\"repository\":{\"full_name\":7}}"));

        assertThat(values.of(FilterType.EVENT)).isEmpty();
        assertThat(values.of(FilterType.ACTION)).isEmpty();
        assertThat(values.of(FilterType.ACTOR)).isEmpty();
        assertThat(values.of(FilterType.REPO)).isEmpty();
    }

    @Test
    void keywordTextIsCompactLowerCasedJsonInPayloadOrder() {
        EventValues values = new EventValues(event("push", """
                { "Zeta" : "Deploy \\"Now\\"",  "alpha": [1, true, null], "path": "a/b" }"""));

        assertThat(values.of(FilterType.KEYWORD)).contains("{\"zeta\":\"deploy \\\"now\\\"\",\"alpha\":[1,true,null],\"path\":\"a/b\"}");
    }

    @Test
    void keywordTextExistsForAnEmptyPayload() {
        assertThat(new EventValues(event("push", "{}")).of(FilterType.KEYWORD)).contains("{}");
    }
}
