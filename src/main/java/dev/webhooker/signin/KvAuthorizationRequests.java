package dev.webhooker.signin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.AuthorizationRequestRepository;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.core.endpoint.PkceParameterNames;
import org.springframework.security.web.util.UrlUtils;
import org.springframework.web.util.UriComponentsBuilder;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.secrets.Sha256;

/**
 * Keeps Spring Security's pending authorization requests in KV {@code state:{hex}} instead of an HttpSession.
 * A state is taken atomically (single use, also across instances), must not have expired, and must come
 * back to the browser that started it: the start sets a random nonce cookie, the record keeps its hash,
 * and a callback without the matching cookie finds nothing (login CSRF).
 */
final class KvAuthorizationRequests implements AuthorizationRequestRepository<OAuth2AuthorizationRequest> {

    static final String NONCE_COOKIE = "wh_oauth_nonce";
    static final String CALLBACK_PATH = "/auth/github/callback";
    static final String REDIRECT_TO = "redirectTo";
    static final String LINK = "link";
    /** The request attribute that hands the taken record to the success handler. */
    static final String PENDING_ATTRIBUTE = PendingSignIn.class.getName();

    private static final Pattern STATE = Pattern.compile("[0-9a-f]{32}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final ClientRegistrationRepository registrations;
    private final SessionCookie cookies;
    private final Clock clock;
    private final LinkRequests links;
    private final SecureRandom random = new SecureRandom();

    KvAuthorizationRequests(KvStore kv, ClientRegistrationRepository registrations, SessionCookie cookies, Clock clock,
                            LinkRequests links) {
        this.kv = kv;
        this.links = links;
        this.registrations = registrations;
        this.cookies = cookies;
        this.clock = clock;
    }

    @Override
    public void saveAuthorizationRequest(OAuth2AuthorizationRequest authorizationRequest, HttpServletRequest request,
                                         HttpServletResponse response) {
        if (authorizationRequest == null) {
            return;
        }
        byte[] nonce = new byte[32];
        random.nextBytes(nonce);
        String nonceHex = HexFormat.of().formatHex(nonce);
        Duration ttl = KvKeys.STATE.ttl();
        ObjectNode record = JSON.createObjectNode()
                .put(REDIRECT_TO, RedirectTarget.sanitize(request.getParameter("redirect")))
                .put("expiresAt", clock.millis() + ttl.toMillis())
                .put("browser", Sha256.hex(nonceHex))
                .put("codeVerifier", (String) authorizationRequest.getAttribute(PkceParameterNames.CODE_VERIFIER));
        authorizationRequest.getScopes().forEach(record.putArray("scopes")::add);
        links.peek(request.getParameter(LINK)).ifPresent(link -> {
            record.put(LINK, link.token()).put(link.platform().stateField(), link.chatUserId());
            if (link.platform() == ChatPlatform.TELEGRAM && link.chatId() != null) {
                record.put("telegramChatId", link.chatId());
            }
        });
        kv.put(KvKeys.STATE.key(authorizationRequest.getState()), record.toString(), ttl);
        cookies.add(response, NONCE_COOKIE, nonceHex, CALLBACK_PATH, ttl);
    }

    @Override
    public OAuth2AuthorizationRequest loadAuthorizationRequest(HttpServletRequest request) {
        return pending(request, false).map(p -> rebuild(p, request)).orElse(null);
    }

    @Override
    public OAuth2AuthorizationRequest removeAuthorizationRequest(HttpServletRequest request, HttpServletResponse response) {
        Optional<PendingSignIn> pending = pending(request, true);
        cookies.add(response, NONCE_COOKIE, "", CALLBACK_PATH, Duration.ZERO);
        pending.ifPresent(p -> request.setAttribute(PENDING_ATTRIBUTE, p));
        return pending.map(p -> rebuild(p, request)).orElse(null);
    }

    private Optional<PendingSignIn> pending(HttpServletRequest request, boolean take) {
        String state = request.getParameter(OAuth2ParameterNames.STATE);
        if (state == null || !STATE.matcher(state).matches()) {
            return Optional.empty();
        }
        String key = KvKeys.STATE.key(state);
        Optional<String> stored = take ? kv.take(key) : kv.get(key);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        PendingSignIn pending;
        try {
            JsonNode node = JSON.readTree(stored.get());
            List<String> scopes = new ArrayList<>();
            node.path("scopes").forEach(s -> scopes.add(s.asText()));
            pending = new PendingSignIn(state, RedirectTarget.sanitize(node.path(REDIRECT_TO).asText(null)),
                    node.path("expiresAt").asLong(0), node.path("browser").asText(null), node.path("codeVerifier").asText(null),
                    scopes, node.path(LINK).asText(null));
        } catch (Exception e) {
            return Optional.empty();
        }
        if (pending.expiresAt() <= clock.millis()) {
            return Optional.empty();
        }
        Optional<String> nonce = SessionCookie.read(request, NONCE_COOKIE);
        if (pending.browserHash() == null || nonce.isEmpty()
                || !MessageDigest.isEqual(pending.browserHash().getBytes(StandardCharsets.US_ASCII),
                Sha256.hex(nonce.get()).getBytes(StandardCharsets.US_ASCII))) {
            return Optional.empty();
        }
        return Optional.of(pending);
    }

    /**
     * Back into the form Spring's code exchange expects. The redirect URI is the callback as this request
     * reached it: like the original, webhooker sends GitHub no redirect_uri (GitHub uses the callback
     * registered on the app), so there is nothing to compare it with.
     */
    private OAuth2AuthorizationRequest rebuild(PendingSignIn pending, HttpServletRequest request) {
        ClientRegistration registration = registrations.findByRegistrationId(GithubSignIn.REGISTRATION_ID);
        if (registration == null) {
            return null;
        }
        String callback = UriComponentsBuilder.fromUriString(UrlUtils.buildFullRequestUrl(request)).replaceQuery(null).build()
                .toUriString();
        return OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri(registration.getProviderDetails().getAuthorizationUri())
                .clientId(registration.getClientId())
                .redirectUri(callback)
                .scopes(new LinkedHashSet<>(pending.scopes()))
                .state(pending.state())
                .attributes(attributes -> {
                    attributes.put(OAuth2ParameterNames.REGISTRATION_ID, registration.getRegistrationId());
                    attributes.put(REDIRECT_TO, pending.redirectTo());
                    if (pending.codeVerifier() != null) {
                        attributes.put(PkceParameterNames.CODE_VERIFIER, pending.codeVerifier());
                    }
                })
                .build();
    }
}
