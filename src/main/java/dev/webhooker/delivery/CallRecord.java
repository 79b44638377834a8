package dev.webhooker.delivery;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What one platform request carried and what came back, as the delivery view shows an attempt: the method, the
 * address with every credential left out, the headers that tell how it was signed, the start of the body sent, and the
 * answer's status and the start of its body ({@code status} null: no answer came). Each client builds it, because only
 * the client knows where its credentials are (a Telegram URL holds the bot token, a Slack or Teams URL is itself
 * the credential). Bounded, so that a send log row stays small.
 */
public record CallRecord(String method, String url, Map<String, String> headers, String body, Integer status, String answer) {

    /** How much of the body sent is kept: a whole chat message, most webhook events. */
    public static final int BODY_CHARS = 8_000;
    /** How much of the answer is kept: its error text, or the start of what it echoed back. */
    public static final int ANSWER_CHARS = 1_000;
    /** What stands for a header value that is withheld. */
    public static final String WITHHELD = "(withheld)";

    public CallRecord {
        headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = cut(body, BODY_CHARS);
        answer = cut(answer, ANSWER_CHARS);
    }

    /** A request not answered yet. */
    public static CallRecord request(String method, String url, Map<String, String> headers, String body) {
        return new CallRecord(method, url, headers, body, null, null);
    }

    /** The same request with the platform's answer. */
    public CallRecord answered(int answerStatus, String answerBody) {
        return new CallRecord(method, url, headers, body, answerStatus, answerBody);
    }

    /**
     * An address whose path or query may be the credential (an incoming webhook, a workflow, a team's endpoint):
     * only its scheme and host (and port), as the target itself is shown.
     */
    public static String hostOnly(URI url) {
        if (url == null || url.getHost() == null) {
            return "…";
        }
        return url.getScheme() + "://" + url.getHost() + (url.getPort() > 0 ? ":" + url.getPort() : "") + "/…";
    }

    /** As the send log's {@code detail} holds it: {@code {"request": {…}, "answer": {…}}}, the answer left out when none came. */
    public void writeInto(ObjectNode detail) {
        ObjectNode request = detail.putObject("request");
        request.put("method", method);
        request.put("url", url);
        if (!headers.isEmpty()) {
            ObjectNode named = request.putObject("headers");
            headers.forEach(named::put);
        }
        request.put("body", body);
        if (status != null) {
            detail.putObject("answer").put("status", status).put("body", answer == null ? "" : answer);
        }
    }

    /** {@link #writeInto} on a new object. */
    public ObjectNode toJson() {
        ObjectNode detail = JsonNodeFactory.instance.objectNode();
        writeInto(detail);
        return detail;
    }

    private static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        // never half a surrogate pair
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "…";
    }
}
