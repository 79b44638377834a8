package dev.webhooker.format;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** W1: a payload without the formatter's main object yields the generic message and a format error. */
class FormatErrorTest {

    @ParameterizedTest
    @ValueSource(strings = {"pull_request", "issues", "issue_comment", "workflow_run", "workflow_job", "deployment",
            "deployment_status", "check_run", "check_suite", "release", "pull_request_review",
            "pull_request_review_comment", "commit_comment", "label", "milestone", "discussion", "discussion_comment",
            "code_scanning_alert", "dependabot_alert"})
    void missingMainObjectFallsBackToGeneric(String event) {
        FormattedMessage formatted = TestEvents.formatter().format(
                TestEvents.github(event, "{'action':'created'}"), TestEvents.group("en", true),
                TestEvents.route(List.of("9")));

        assertThat(formatted.formatError()).isTrue();
        assertThat(formatted.formatErrorDetail()).contains(event).contains("payload has no");
        assertThat(formatted.message().title()).isEqualTo("acme/widget: " + event + ": created");
        assertThat(formatted.message().color()).isEqualTo(Palette.DEFAULT);
        assertThat(formatted.message().footer()).isEqualTo("acme/widget");
        assertThat(formatted.message().mentionRoleIds()).containsExactly("9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pull_request", "check_suite", "release"})
    void mainObjectOfTheWrongTypeIsAFormatErrorToo(String event) {
        FormattedMessage formatted = TestEvents.formatter().format(
                TestEvents.github(event, "{'" + event + "':'oops','check_suite':[1],'release':7}"), null, null);

        assertThat(formatted.formatError()).isTrue();
        assertThat(formatted.message().title()).isEqualTo("acme/widget: " + event);
    }

    @ParameterizedTest
    @ValueSource(strings = {"push", "status", "ping", "create", "delete", "star", "fork", "member", "custom_event"})
    void eventsWithoutAMainObjectStillFormat(String event) {
        FormattedMessage formatted = TestEvents.formatter().format(
                TestEvents.raw("github", event, TestEvents.json("{}")), null, null);

        assertThat(formatted.formatError()).isFalse();
        assertThat(formatted.message().title()).startsWith("repository: ");
        assertThat(formatted.message().footer()).isEqualTo("GitHub");
    }

    @ParameterizedTest
    @ValueSource(strings = {"push", "pull_request", "workflow_run", "milestone", "custom"})
    void wronglyTypedFieldsDoNotBreakFormatting(String event) {
        String payload = "{'ref':5,'commits':'x','pull_request':{'number':'7','title':['a'],'labels':{'a':1},'head':3},"
                + "'workflow_run':{'name':42,'run_number':'x','jobs':'none'},"
                + "'milestone':{'open_issues':'2','closed_issues':true,'due_on':9},"
                + "'title':{'a':1},'fields':'nope','color':12,'author':[]}";
        String provider = "custom".equals(event) ? "custom" : "github";
        FormattedMessage formatted = TestEvents.formatter().format(
                TestEvents.raw(provider, event, TestEvents.withDefaults(TestEvents.json(payload))), null, null);

        assertThat(formatted.formatError()).isFalse();
        assertThat(formatted.message().title()).isNotBlank();
    }
}
