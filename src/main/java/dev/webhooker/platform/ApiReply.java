package dev.webhooker.platform;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
    public static ApiReply call(HttpClient http, ObjectMapper json, String method, URI uri, Duration timeout,
                                Map<String, String> headers, Object body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json");
        headers.forEach(request::header);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)));
        }
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (IOException e) {
            throw new IOException(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        return new ApiReply(response.statusCode(), parse(response.body(), json));
    }

    private static JsonNode parse(byte[] body, ObjectMapper json) {
        if (body == null || body.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return json.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }
}
