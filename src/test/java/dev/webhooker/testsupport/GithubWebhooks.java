package dev.webhooker.testsupport;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Posts a webhook as GitHub sends one: the event and delivery headers and an HMAC-SHA256 of the body. */
public final class GithubWebhooks {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private GithubWebhooks() {
    }

    public static String signature(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code url}: the whole endpoint URL, /webhook or /webhook/{groupId}. */
    public static HttpResponse<String> post(String url, String secret, String event, String deliveryId, byte[] body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", event)
                .header("X-GitHub-Delivery", deliveryId)
                .header("X-Hub-Signature-256", signature(secret, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
