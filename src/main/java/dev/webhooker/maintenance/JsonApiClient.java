package dev.webhooker.maintenance;

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
 * The few JSON calls the sync jobs make to the Discord and Telegram APIs, with bounded connect and
 * request times so a hanging API never keeps a Quartz thread (and the job's cluster slot) busy.
 */
class JsonApiClient {

    record Reply(int status, JsonNode body) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        /** A short reason for logs: the API's own message when it gave one. */
        String reason() {
            for (String field : new String[] {"message", "description"}) {
                if (body.hasNonNull(field)) {
                    return "HTTP " + status + " " + body.get(field).asText();
                }
            }
            return "HTTP " + status;
        }
    }

    private final HttpClient http;
    private final ObjectMapper mapper;
    private final Duration requestTimeout;

    /** {@code http} is the application's one client for the platforms (it carries the connect timeout). */
    JsonApiClient(HttpClient http, ObjectMapper mapper, Duration requestTimeout) {
        this.http = http;
        this.mapper = mapper;
        this.requestTimeout = requestTimeout;
    }

    /**
     * Sends {@code body} (null for none) as JSON. Connection failures come back as {@link IOException}
     * whose message never contains the URL (which holds the Telegram bot token).
     */
    Reply send(String method, URI uri, Map<String, String> headers, Object body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(requestTimeout)
                .header("Accept", "application/json");
        headers.forEach(request::header);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body)));
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
        return new Reply(response.statusCode(), parse(response.body()));
    }

    private JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return mapper.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }
}
