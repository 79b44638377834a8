package dev.webhooker.routing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * Sections nested deeper than this are refused: each level repeats what it holds once per item of a list, so a
     * few levels over the payload's lists would render for hours.
     */
    public static final int MAX_SECTION_DEPTH = 2;
    private static final Pattern SECTION_TAG = Pattern.compile("\\{\\{\\s*([#^/])");

    /** What is wrong with {@code text} as a template (it does not parse, or nests sections too deep), or null. */
    public static String syntaxProblem(String text) {
        try {
            Mustache.compiler().compile(text);
        } catch (MustacheException e) {
            return "not a template: " + e.getMessage();
        }
        int depth = 0;
        Matcher tag = SECTION_TAG.matcher(text);
        while (tag.find()) {
            depth += "/".equals(tag.group(1)) ? -1 : 1;
            if (depth > MAX_SECTION_DEPTH) {
                return "sections nested deeper than " + MAX_SECTION_DEPTH + " levels";
            }
        }
        return null;
    }

    /** The parts it words, by name ({@code title}, {@code body}, {@code footer}), in that order; absent ones left out. */
    public Map<String, String> parts() {
        Map<String, String> parts = new LinkedHashMap<>();
        if (title != null) {
            parts.put("title", title);
        }
        if (body != null) {
            parts.put("body", body);
        }
        if (footer != null) {
            parts.put("footer", footer);
        }
        return parts;
    }

    /** Whether it words nothing (every part left to the formatter). */
    public boolean empty() {
        return parts().isEmpty();
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
