package dev.webhooker.github;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;

import dev.webhooker.platform.OutboundHttp;

/**
 * The one client of GitHub's REST API (GITHUB_API_URL), shared by every feature that talks to GitHub: the actions a
 * user takes through the API and the chat commands (with the user's token), the install flow's check of the
 * installations a user can see, the revocation of a token at sign-out, and Spring Security's OAuth code exchange,
 * token refresh and {@code GET /user} ({@link #oauthRequests()}). Its own calls go through the platforms'
 * {@link OutboundHttp} (with PLATFORM_CONNECT_TIMEOUT), sharing its connections and settings; Spring Security's go
 * through Spring's request factory for the same library's blocking client (Spring has none for the asynchronous one).
 * Each call is bounded by {@link #TIMEOUT}, so a slow GitHub gives a clear error instead of a hanging request.
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

    private final OutboundHttp http;
    private final String apiUrl;
    private final Duration timeout;
    private final Duration connectTimeout;
    private HttpComponentsClientHttpRequestFactory oauthFactory;

    public GithubClient(OutboundHttp http, String apiUrl, Duration timeout, Duration connectTimeout) {
        this.http = Objects.requireNonNull(http, "http");
        this.apiUrl = trimSlash(apiUrl);
        this.timeout = timeout;
        this.connectTimeout = connectTimeout;
    }

    /**
     * Spring Security's OAuth clients (code exchange, refresh, user info) send through this: Apache HttpClient's
     * blocking client, following no redirect, with PLATFORM_CONNECT_TIMEOUT and {@link #TIMEOUT} as its read timeout.
     */
    public ClientHttpRequestFactory oauthRequests() {
        return (uri, method) -> oauthFactory().createRequest(uri, method);
    }

    /** Built on the first OAuth request, so that an instance nobody signs in to never builds it. */
    private synchronized HttpComponentsClientHttpRequestFactory oauthFactory() {
        if (oauthFactory == null) {
            oauthFactory = new HttpComponentsClientHttpRequestFactory(HttpClients.custom()
                    .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                            .setDefaultConnectionConfig(ConnectionConfig.custom()
                                    .setConnectTimeout(Timeout.of(connectTimeout)).build())
                            .build())
                    .disableRedirectHandling()
                    .disableAutomaticRetries()
                    .disableCookieManagement()
                    .setUserAgent("webhooker")
                    .build());
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
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Accept", "application/vnd.github+json");
            headers.put("X-GitHub-Api-Version", "2022-11-28");
            headers.put("Authorization", "Bearer " + token);
            if (currentBody != null) {
                headers.put("Content-Type", "application/json");
            }
            OutboundHttp.Reply response;
            try {
                response = http.call(OutboundHttp.Request.of(currentMethod, uri, headers,
                        currentBody == null ? null : currentBody.toString(), timeout));
            } catch (IOException e) {
                return new Reply(0, MissingNode.getInstance(), false);
            }
            Optional<URI> next = redirect(uri, response);
            if (next.isPresent() && hop < MAX_REDIRECTS) {
                int status = response.status();
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
     * app, the token in the body). Best effort: a failure is logged, never thrown.
     */
    public void revokeToken(String clientId, String clientSecret, String accessToken) {
        String basic = Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        Map<String, String> headers = Map.of("Authorization", "Basic " + basic, "Accept", "application/vnd.github+json",
                "X-GitHub-Api-Version", "2022-11-28", "Content-Type", "application/json");
        try {
            OutboundHttp.Reply response = http.call(OutboundHttp.Request.of("DELETE", URI.create(apiUrl + "/applications/"
                    + URLEncoder.encode(clientId, StandardCharsets.UTF_8) + "/token"), headers,
                    JSON.createObjectNode().put("access_token", accessToken).toString(), timeout));
            if (response.status() != 204 && response.status() != 404) {
                LOG.warn("GitHub did not revoke a token: HTTP {}", response.status());
            }
        } catch (IOException e) {
            LOG.warn("GitHub did not revoke a token: {}", e.toString());
        }
    }

    /** Where a redirect leads, when it is one this client follows: to the same scheme, host and port. */
    private static Optional<URI> redirect(URI from, OutboundHttp.Reply response) {
        int status = response.status();
        if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) {
            return Optional.empty();
        }
        return response.header("Location").flatMap(location -> {
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

    private static Reply reply(OutboundHttp.Reply response) {
        int status = response.status();
        boolean limited = status == 403
                && response.header("x-ratelimit-remaining").map(String::trim).filter("0"::equals).isPresent()
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
