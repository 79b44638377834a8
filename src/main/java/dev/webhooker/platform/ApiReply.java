package dev.webhooker.platform;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * A platform's answer to one of the calls that are not deliveries (the sync jobs' registrations, the chat commands'
 * look-ups and follow-ups): its status, and its JSON body, missing when it sent none or no JSON. A delivery's answer
 * is a {@code SendOutcome} instead, with the rate-limit handling the engine needs.
 */
public record ApiReply(int status, JsonNode body) {

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** A short reason for logs: the API's own message when it gave one. */
    public String reason() {
        for (String field : new String[] {"message", "description"}) {
            if (body.hasNonNull(field)) {
                return "HTTP " + status + " " + body.get(field).asText();
            }
        }
        return "HTTP " + status;
    }

    /**
     * The reply to {@code method uri} with {@code headers} and {@code body} as JSON (null for none), within
     * {@code timeout}. A failure to get one comes back as an {@link IOException} whose message names the failure's
     * type and never the URL (a Telegram URL holds the bot's token).
     */
    public static ApiReply call(OutboundHttp http, ObjectMapper json, String method, URI uri, Duration timeout,
                                Map<String, String> headers, Object body) throws IOException {
        Map<String, String> sent = new LinkedHashMap<>(headers);
        sent.put("Accept", "application/json");
        if (body != null) {
            sent.put("Content-Type", "application/json");
        }
        OutboundHttp.Reply reply;
        try {
            reply = http.call(OutboundHttp.Request.of(method, uri, sent, body == null ? null : json.writeValueAsString(body),
                    timeout));
        } catch (IOException e) {
            throw new IOException(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        return new ApiReply(reply.status(), parse(reply.body(), json));
    }

    private static JsonNode parse(String body, ObjectMapper json) {
        if (body == null || body.isEmpty()) {
            return MissingNode.getInstance();
        }
        try {
            return json.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }
}
