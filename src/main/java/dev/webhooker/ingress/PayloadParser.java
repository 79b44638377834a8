package dev.webhooker.ingress;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Turns the raw body into a JSON object. Only objects are events: arrays, strings, numbers and
 * {@code null} are refused (the original accepted numbers from GitHub and arrays from custom senders).
 * GitHub and Gitea can also be set to post {@code application/x-www-form-urlencoded} with the
 * JSON in a {@code payload} field; that form is unwrapped here, after the signature was checked over
 * the raw form body.
 */
public final class PayloadParser {

    private static final String FORM_FIELD = "payload=";

    private final ObjectReader reader;
    private final StreamReadConstraints limits;

    public PayloadParser(ObjectMapper mapper) {
        this.reader = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.limits = mapper.getFactory().streamReadConstraints();
    }

    public ObjectNode parse(byte[] body, String contentType) {
        byte[] json = isForm(contentType) ? formPayload(body) : body;
        JsonNode node;
        try {
            node = reader.readTree(json);
        } catch (StreamConstraintsException e) {
            throw invalid(limitExceeded(e));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw invalid("the body is not valid JSON" + (at == null || at.getLineNr() < 1 ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (IOException e) {
            throw invalid("the body is not valid JSON");
        }
        if (node == null || node.isMissingNode()) {
            throw invalid("the body is empty; expected a JSON object");
        }
        if (!node.isObject()) {
            throw invalid("expected a JSON object, got " + node.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return (ObjectNode) node;
    }

    /**
     * The body as text when it IS the JSON of the object {@link #parse} returned (not a form, no byte order
     * mark; {@code parse} already proved it a valid JSON object), else {@code null}. Storing this text keeps
     * the sender's bytes and saves serialising the tree again.
     */
    static String receivedJsonText(byte[] body, String contentType) {
        if (isForm(contentType)) {
            return null;
        }
        for (byte b : body) {
            if (b == '{') {
                return new String(body, StandardCharsets.UTF_8);
            }
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return null;
            }
        }
        return null;
    }

    /** The parser's own limits (Jackson's StreamReadConstraints), said without its internal names. */
    private String limitExceeded(StreamConstraintsException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (message.contains("nesting depth")) {
            return "the JSON nests deeper than " + limits.getMaxNestingDepth() + " levels";
        }
        if (message.contains("Number value length")) {
            return "the JSON has a number longer than " + limits.getMaxNumberLength() + " characters";
        }
        if (message.contains("String value length")) {
            return "the JSON has a string longer than " + limits.getMaxStringLength() + " characters";
        }
        if (message.contains("Name length")) {
            return "the JSON has a property name longer than " + limits.getMaxNameLength() + " characters";
        }
        return "the JSON exceeds a parser limit";
    }

    private static boolean isForm(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
    }

    private static byte[] formPayload(byte[] body) {
        String form = new String(body, StandardCharsets.US_ASCII);
        for (String field : form.split("&")) {
            if (field.startsWith(FORM_FIELD)) {
                try {
                    return URLDecoder.decode(field.substring(FORM_FIELD.length()), StandardCharsets.UTF_8)
                            .getBytes(StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    throw invalid("the form field 'payload' is not correctly URL-encoded");
                }
            }
        }
        throw invalid("a form-encoded body needs a 'payload' field holding the JSON");
    }

    private static WebhookRejectedException invalid(String detail) {
        return new WebhookRejectedException(Rejection.INVALID_EVENT, detail);
    }
}
