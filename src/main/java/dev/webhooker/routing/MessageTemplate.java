package dev.webhooker.routing;

import jakarta.validation.constraints.Size;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;

/**
 * A route's own wording of its messages: Mustache templates for the title, the body and the footer, over the message
 * the event's formatter made ({@code {{title}}}, {@code {{body}}}, {@code {{#fields}}…{{/fields}}}, {@code {{repo}}},
 * {@code {{payload.pull_request.title}}}…). A part left out keeps the formatter's. Logic-less: sections and inverted
 * sections only, so a template can do nothing but fill text in.
 */
public record MessageTemplate(
        @Size(max = MessageTemplate.MAX_TITLE, message = "longer than " + MessageTemplate.MAX_TITLE + " characters") String title,
        @Size(max = MessageTemplate.MAX_BODY, message = "longer than " + MessageTemplate.MAX_BODY + " characters") String body,
        @Size(max = MessageTemplate.MAX_FOOTER, message = "longer than " + MessageTemplate.MAX_FOOTER + " characters") String footer) {

    public static final int MAX_TITLE = 1_000;
    public static final int MAX_BODY = 8_000;
    public static final int MAX_FOOTER = 1_000;

    public MessageTemplate {
        title = blankToNull(title);
        body = blankToNull(body);
        footer = blankToNull(footer);
    }

    /** What is wrong with {@code text} as a template (it does not parse), or null. */
    public static String syntaxProblem(String text) {
        try {
            Mustache.compiler().compile(text);
            return null;
        } catch (MustacheException e) {
            return "not a template: " + e.getMessage();
        }
    }

    /** Whether it words nothing (every part left to the formatter). */
    public boolean empty() {
        return title == null && body == null && footer == null;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
