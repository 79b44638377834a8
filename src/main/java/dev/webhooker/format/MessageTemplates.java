package dev.webhooker.format;

import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;

import dev.webhooker.routing.MessageTemplate;
import dev.webhooker.routing.WebhookEvent;

/**
 * A route's {@link MessageTemplate} applied to the message an event's formatter made. The templates see that message
 * ({@code title}, {@code url}, {@code body}, {@code footer}, {@code author}, {@code fields} as {@code name} /
 * {@code value}), the event ({@code provider}, {@code event}, {@code action}, {@code repo}, {@code actor}) and its
 * {@code payload} (dotted: {@code payload.pull_request.title}). Nothing is HTML-escaped: the text is the message's own,
 * which each platform's renderer escapes for its markup.
 * <p>
 * Delivering, a placeholder with no value is empty ({@link #apply}); checking a template before it is saved, it is an
 * error ({@link #fill}), so that a template is refused rather than sent with holes.
 */
final class MessageTemplates {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Mustache.Compiler LENIENT = Mustache.compiler().escapeHTML(false).defaultValue("");
    private static final Mustache.Compiler STRICT = Mustache.compiler().escapeHTML(false);

    private MessageTemplates() {
    }

    /** The message with each part the template words rendered from it; a part the template leaves out stays. */
    static NeutralMessage apply(MessageTemplate template, NeutralMessage message, WebhookEvent event) {
        return render(LENIENT, template, message, event);
    }

    /**
     * As {@link #apply}, but a placeholder without a value is a {@link Unfilled} naming the part and the placeholder; a
     * template that does not parse is one too.
     */
    static NeutralMessage fill(MessageTemplate template, NeutralMessage message, WebhookEvent event) {
        return render(STRICT, template, message, event);
    }

    /** A part of a template that left a placeholder without a value (or does not parse). */
    static final class Unfilled extends RuntimeException {

        private final String part;

        Unfilled(String part, String message) {
            super(message, null, false, false);
            this.part = part;
        }

        /** {@code title}, {@code body} or {@code footer}. */
        public String part() {
            return part;
        }
    }

    private static NeutralMessage render(Mustache.Compiler compiler, MessageTemplate template, NeutralMessage message,
                                         WebhookEvent event) {
        Map<String, Object> context = context(message, event);
        String title = part(compiler, "title", template.title(), context, message.title());
        String body = part(compiler, "body", template.body(), context, message.description());
        String footer = part(compiler, "footer", template.footer(), context, message.footer());
        return message.worded(title, body, footer);
    }

    private static String part(Mustache.Compiler compiler, String name, String text, Map<String, Object> context, String formatted) {
        if (text == null) {
            return formatted;
        }
        try {
            Template compiled = compiler.compile(text);
            Capped out = new Capped(name);
            compiled.execute(context, out);
            String rendered = out.toString().strip();
            return rendered.isEmpty() ? null : rendered;
        } catch (MustacheException e) {
            throw new Unfilled(name, e.getMessage());
        }
    }

    /** The most one part may render: far above any platform's limit, so that a template over a long list stops here. */
    static final int MAX_RENDERED = 64 * 1024;

    /** Collects a part's text and stops the rendering once it passes {@link #MAX_RENDERED}. */
    private static final class Capped extends Writer {

        private final StringBuilder text = new StringBuilder();
        private final String part;

        Capped(String part) {
            this.part = part;
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            if (text.length() + length > MAX_RENDERED) {
                throw new Unfilled(part, "renders more than " + MAX_RENDERED + " characters");
            }
            text.append(chars, offset, length);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }

    private static Map<String, Object> context(NeutralMessage message, WebhookEvent event) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("title", message.title());
        context.put("url", message.url());
        context.put("body", message.description());
        context.put("footer", message.footer());
        context.put("author", message.author() == null ? null : message.author().name());
        List<Map<String, Object>> fields = new ArrayList<>();
        for (NeutralMessage.Field field : message.fields()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", field.name());
            one.put("value", field.value());
            fields.add(one);
        }
        context.put("fields", fields);
        context.put("provider", event.provider());
        context.put("event", event.event());
        Map<?, ?> payload = event.payload() == null ? Map.of() : JSON.convertValue(event.payload(), Map.class);
        context.put("payload", payload);
        context.put("action", payload.get("action"));
        context.put("repo", nested(payload, "repository", "full_name"));
        context.put("actor", nested(payload, "sender", "login"));
        // a value that is absent is left out, so that a strict check finds the placeholder unfilled
        context.values().removeIf(Objects::isNull);
        return context;
    }

    private static Object nested(Map<?, ?> payload, String object, String field) {
        return payload.get(object) instanceof Map<?, ?> inner ? inner.get(field) : null;
    }
}
