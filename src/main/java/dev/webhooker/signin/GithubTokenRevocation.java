package dev.webhooker.signin;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.config.WebhookerProperties;

/**
 * Tells GitHub to revoke a user's token ({@code DELETE /applications/{client_id}/token}, authenticated as the
 * OAuth app, the token in the body). Best effort: the stored copy is deleted whatever GitHub answers, and a
 * failure is logged. The JDK client is used directly because Spring's request factory drops DELETE bodies.
 */
final class GithubTokenRevocation {

    private static final Logger LOG = LoggerFactory.getLogger(GithubTokenRevocation.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(GithubSignIn.CONNECT_TIMEOUT).build();
    private final String apiUrl;
    private final String clientId;
    private final String clientSecret;

    GithubTokenRevocation(WebhookerProperties properties) {
        WebhookerProperties.Github github = properties.github();
        this.apiUrl = GithubSignIn.trimSlash(github.apiUrl());
        this.clientId = GithubSignIn.blank(github.clientId()) ? null : github.clientId().trim();
        this.clientSecret = GithubSignIn.blank(github.clientSecret()) ? null : github.clientSecret().trim();
    }

    void revoke(String accessToken) {
        if (clientId == null || clientSecret == null) {
            return;
        }
        String basic = Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(apiUrl + "/applications/"
                            + URLEncoder.encode(clientId, StandardCharsets.UTF_8) + "/token"))
                    .timeout(GithubSignIn.READ_TIMEOUT)
                    .header("Authorization", "Basic " + basic)
                    .header("Accept", "application/vnd.github+json")
                    .header("X-GitHub-Api-Version", "2022-11-28")
                    .header("Content-Type", "application/json")
                    .method("DELETE", HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("access_token", accessToken))))
                    .build();
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 204 && response.statusCode() != 404) {
                LOG.warn("GitHub did not revoke a token: HTTP {}", response.statusCode());
            }
        } catch (IOException e) {
            LOG.warn("GitHub did not revoke a token: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
