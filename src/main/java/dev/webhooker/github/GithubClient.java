package dev.webhooker.github;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;

/**
 * The one client of GitHub's REST API (GITHUB_API_URL), shared by every feature that talks to GitHub: the actions a
 * user takes through the API and the chat commands (with the user's token), the install flow's check of the
 * installations a user can see, the revocation of a token at sign-out, and Spring Security's OAuth code exchange,
 * token refresh and {@code GET /user} ({@link #oauthRequests()}). It sends through the application's one HTTP client
 * (the platforms' {@code platformHttpClient}, with PLATFORM_CONNECT_TIMEOUT), so GitHub's calls share its
 * connections and its settings; each call is bounded by {@link #TIMEOUT}, so a slow GitHub gives a clear error
 * instead of a hanging request.
 */
public final class GithubClient {

    /** The limit of one GitHub call: chat replies wait for it asynchronously, sign-in and the API caller synchronously. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(GithubClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** GitHub lists 100 installations per page at most; a user who sees more than ten pages of them is not plausible. */
    private static final int MAX_INSTALLATION_PAGES = 10;
    /** Redirects followed per call (a renamed or moved repository answers with one). */
    private static final int MAX_REDIRECTS = 5;

    /** GitHub's answer; status 0 stands for "no answer" (timeout or network). */
    public record Reply(int status, JsonNode body, boolean rateLimited) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    /** An installation of the GitHub App, as its user sees it. */
    public record Installation(long id, String accountLogin) {
    }

    /** Why an installation lookup failed: the token was refused (sign in again), or GitHub could not be asked. */
    public static final class LookupException extends Exception {
        private final boolean tokenRefused;

        LookupException(String message, boolean tokenRefused) {
            super(message, null, false, false);
            this.tokenRefused = tokenRefused;
        }

        public boolean tokenRefused() {
            return tokenRefused;
        }
    }

    private final HttpClient http;
    private final String apiUrl;
    private final Duration timeout;
    private JdkClientHttpRequestFactory oauthFactory;

    public GithubClient(HttpClient http, String apiUrl, Duration timeout) {
        this.http = Objects.requireNonNull(http, "http");
        this.apiUrl = trimSlash(apiUrl);
        this.timeout = timeout;
    }

    /**
     * Spring Security's OAuth clients (code exchange, refresh, user info) send through this: the same HTTP client, and
     * {@link #TIMEOUT} as their read timeout.
     */
    public ClientHttpRequestFactory oauthRequests() {
        return (uri, method) -> oauthFactory().createRequest(uri, method);
    }

    /**
     * Built on the first OAuth request, not with the security configuration: Spring's factory asks the HTTP client for
     * its executor at once, which would build the lazily built client on every start.
     */
    private synchronized JdkClientHttpRequestFactory oauthFactory() {
        if (oauthFactory == null) {
            oauthFactory = new JdkClientHttpRequestFactory(http);
            oauthFactory.setReadTimeout(timeout);
        }
        return oauthFactory;
    }

    /**
     * {@code method path} with the user's {@code token} and {@code body} (null for none). A redirect is followed (GitHub
     * answers a renamed repository's URL with one) the way the JDK client's {@code Redirect.NORMAL} does it, 303 and a
     * POST answered by 301 or 302 continuing as GET without a body, but only to the same scheme, host and port: the
     * shared HTTP client follows none (a platform's URL can carry its token), and the user's token goes nowhere else.
     */
    public Reply asUser(String token, String method, String path, JsonNode body) {
        URI uri = URI.create(apiUrl + path);
        String currentMethod = method;
        JsonNode currentBody = body;
        for (int hop = 0; ; hop++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                    .timeout(timeout)
                    .header("Accept", "application/vnd.github+json")
                    .header("X-GitHub-Api-Version", "2022-11-28")
                    .header("User-Agent", "webhooker")
                    .header("Authorization", "Bearer " + token);
            if (currentBody == null) {
                request.method(currentMethod, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(currentMethod, HttpRequest.BodyPublishers.ofString(currentBody.toString()));
            }
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                return new Reply(0, MissingNode.getInstance(), false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Reply(0, MissingNode.getInstance(), false);
            }
            Optional<URI> next = redirect(uri, response);
            if (next.isPresent() && hop < MAX_REDIRECTS) {
                int status = response.statusCode();
                if (status == 303 || (status == 301 || status == 302) && "POST".equals(currentMethod)) {
                    currentMethod = "GET";
                    currentBody = null;
                }
                uri = next.get();
                continue;
            }
            return reply(response);
        }
    }

    /** The installation with this id among those the token's user can see ({@code GET /user/installations}). */
    public Optional<Installation> installation(String accessToken, long installationId) throws LookupException {
        for (Installation installation : installations(accessToken)) {
            if (installation.id() == installationId) {
                return Optional.of(installation);
            }
        }
        return Optional.empty();
    }

    private List<Installation> installations(String accessToken) throws LookupException {
        List<Installation> all = new ArrayList<>();
        for (int page = 1; page <= MAX_INSTALLATION_PAGES; page++) {
            Reply reply = asUser(accessToken, "GET", "/user/installations?per_page=100&page=" + page, null);
            if (reply.status() == 0) {
                throw new LookupException("GitHub did not answer in time", false);
            }
            if (reply.status() == 401) {
                throw new LookupException("GitHub refused your sign-in token", true);
            }
            if (!reply.ok()) {
                throw new LookupException("GitHub answered " + reply.status() + " when asked for your installations", false);
            }
            JsonNode installations = reply.body().path("installations");
            if (!installations.isArray()) {
                throw new LookupException("GitHub's installation list was not readable", false);
            }
            for (JsonNode node : installations) {
                all.add(new Installation(node.path("id").asLong(), node.path("account").path("login").asText("")));
            }
            if (installations.size() < 100) {
                break;
            }
        }
        return all;
    }

    /**
     * Tells GitHub to revoke a user's token ({@code DELETE /applications/{client_id}/token}, authenticated as the OAuth
     * app, the token in the body). Best effort: a failure is logged, never thrown. The JDK client is called directly
     * because Spring's request factory drops DELETE bodies.
     */
    public void revokeToken(String clientId, String clientSecret, String accessToken) {
        String basic = Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(apiUrl + "/applications/"
                            + URLEncoder.encode(clientId, StandardCharsets.UTF_8) + "/token"))
                    .timeout(timeout)
                    .header("Authorization", "Basic " + basic)
                    .header("Accept", "application/vnd.github+json")
                    .header("X-GitHub-Api-Version", "2022-11-28")
                    .header("Content-Type", "application/json")
                    .method("DELETE", HttpRequest.BodyPublishers.ofString(
                            JSON.createObjectNode().put("access_token", accessToken).toString()))
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

    /** Where a redirect leads, when it is one this client follows: to the same scheme, host and port. */
    private static Optional<URI> redirect(URI from, HttpResponse<?> response) {
        int status = response.statusCode();
        if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) {
            return Optional.empty();
        }
        return response.headers().firstValue("Location").flatMap(location -> {
            try {
                URI to = from.resolve(location.trim());
                boolean sameOrigin = from.getScheme().equalsIgnoreCase(to.getScheme())
                        && from.getHost().equalsIgnoreCase(to.getHost()) && from.getPort() == to.getPort();
                return sameOrigin ? Optional.of(to) : Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        });
    }

    private static Reply reply(HttpResponse<String> response) {
        int status = response.statusCode();
        boolean limited = status == 403
                && response.headers().firstValue("x-ratelimit-remaining").map(String::trim).filter("0"::equals).isPresent()
                || status == 403 && response.body() != null
                && response.body().toLowerCase(Locale.ROOT).contains("secondary rate limit");
        return new Reply(status, parse(response.body()), limited);
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return MissingNode.getInstance();
        }
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }

    private static String trimSlash(String url) {
        return url.trim().replaceAll("/+$", "");
    }
}
