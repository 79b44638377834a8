package dev.webhooker.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.MessageTemplate;
import dev.webhooker.routing.WebhookEvent;

class MessageTemplatesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static WebhookEvent pullRequest() throws Exception {
        return new WebhookEvent("github", "pull_request", (ObjectNode) JSON.readTree("{\"action\":\"opened\",\"number\":7,"
                + "\"pull_request\":{\"title\":\"Add *bold* widget\"},\"repository\":{\"full_name\":\"acme/widget\"},"
                + "\"sender\":{\"login\":\"octocat\"}}"), null, null);
    }

    private static NeutralMessage formatted() {
        return new NeutralMessage("acme/widget#7: Add widget", "https://github.com/acme/widget/pull/7", 1, "Opened.",
                new NeutralMessage.Author("octocat", null, null),
                List.of(new NeutralMessage.Field("Branch", "`fix` → `main`", true), new NeutralMessage.Field("Files", "3", true)),
                "acme/widget", "2026-12-03T10:00:00Z", List.of(), null, null, List.of());
    }

    @Test
    void thePartsItWordsAreRenderedOverTheMessageAndTheEventAndTheOthersStay() throws Exception {
        MessageTemplate template = new MessageTemplate("[{{repo}}] {{payload.pull_request.title}} by {{actor}}",
                "{{body}}{{#fields}}\n{{name}}: {{value}}{{/fields}}", null);

        NeutralMessage worded = MessageTemplates.apply(template, formatted(), pullRequest());

        assertThat(worded.title()).isEqualTo("[acme/widget] Add *bold* widget by octocat");
        assertThat(worded.description()).isEqualTo("Opened.\nBranch: `fix` → `main`\nFiles: 3");
        assertThat(worded.footer()).as("not worded: the formatter's").isEqualTo("acme/widget");
        assertThat(worded.url()).isEqualTo(formatted().url());
    }

    @Test
    void deliveringAPlaceholderWithoutAValueIsEmptyCheckingItIsRefusedByPart() throws Exception {
        MessageTemplate template = new MessageTemplate(null, "{{payload.release.tag_name}} {{payload.pull_request.title}}", null);

        assertThat(MessageTemplates.apply(template, formatted(), pullRequest()).description()).isEqualTo("Add *bold* widget");
        assertThatThrownBy(() -> MessageTemplates.fill(template, formatted(), pullRequest()))
                .isInstanceOfSatisfying(MessageTemplates.Unfilled.class, e -> assertThat(e.part()).isEqualTo("body"))
                .hasMessageContaining("payload.release.tag_name");
        assertThat(MessageTemplates.apply(new MessageTemplate("{{nothing}}", null, null), formatted(), pullRequest()).title())
                .as("a title rendered empty is no title").isNull();
    }

    @Test
    void aTemplateThatDoesNotParseIsSaidSo() {
        assertThat(MessageTemplate.syntaxProblem("{{#open}}never closed")).startsWith("not a template:");
        assertThat(MessageTemplate.syntaxProblem("{{title}} {{^fields}}none{{/fields}}")).isNull();
        assertThat(MessageTemplate.syntaxProblem("{{#fields}}{{#fields}}{{#fields}}x{{/fields}}{{/fields}}{{/fields}}"))
                .as("a list repeated inside itself three deep").contains("nested deeper than 2");
        assertThat(MessageTemplate.syntaxProblem("{{#fields}}{{#fields}}x{{/fields}}{{/fields}} {{#fields}}y{{/fields}}")).isNull();
    }

    @Test
    void aPartThatRendersMoreThanItsCapStopsThere() throws Exception {
        NeutralMessage longer = new NeutralMessage("t", null, 1, "d".repeat(4_000), null, java.util.Collections.nCopies(5,
                new NeutralMessage.Field("n", "v", true)), null, null, List.of(), null, null, List.of());
        MessageTemplate huge = new MessageTemplate(null, "{{#fields}}{{#fields}}{{body}}{{/fields}}{{/fields}}", null);
        assertThat(MessageTemplates.apply(new MessageTemplate(null, "{{#fields}}{{name}} {{/fields}}", null), formatted(), pullRequest())
                .description()).isEqualTo("Branch Files");
        assertThatThrownBy(() -> MessageTemplates.apply(huge, longer, pullRequest()))
                .isInstanceOf(MessageTemplates.Unfilled.class).hasMessageContaining("renders more than");
    }
}
