package dev.webhooker.signin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.user.OAuth2User;

import dev.webhooker.secrets.SecretBox;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.secrets.Sha256;

/**
 * The users' GitHub tokens in KV, as the seed lays them out: {@code token:{userId}} =
 * {@code {userId, accessToken, expiresAt, refreshToken?}} and {@code token-reverse:{sha256(accessToken)}} =
 * userId, each for 0.9 × the lifetime (at least 60 s). Ours: the tokens are sealed with {@link SecretBox}
 * (the raw KV value is never the token), the record also names the login and the access token's hash, and
 * a new token deletes the reverse entry of the one it replaces (a superseded token authenticates nothing).
 *
 * <p>The record lives as long as it is useful: with a refresh token, for GitHub's documented refresh-token
 * lifetime (6 months), otherwise as long as the access token. The reverse entry follows the access token.
 * A record no configured key opens counts as signed out, and is logged once per user.
 *
 * <p>Spring Security saves and loads through this ({@link OAuth2AuthorizedClientService}), which is how the
 * token of every sign-in is kept and how an expired one is refreshed.
 */
public final class TokenVault implements OAuth2AuthorizedClientService {

    static final Duration REFRESH_TOKEN_LIFETIME = Duration.ofSeconds(15_897_600);

    private static final Logger LOG = LoggerFactory.getLogger(TokenVault.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final SecretBox box;
    private final ClientRegistrationRepository registrations;
    private final Clock clock;
    private final Set<String> reportedUnreadable = ConcurrentHashMap.newKeySet();

    public TokenVault(KvStore kv, SecretBox box, ClientRegistrationRepository registrations, Clock clock) {
        this.kv = kv;
        this.box = box;
        this.registrations = registrations;
        this.clock = clock;
    }

    /** A user's GitHub tokens, opened. */
    public record StoredToken(String userId, String login, String accessToken, Instant expiresAt, String refreshToken) {
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends OAuth2AuthorizedClient> T loadAuthorizedClient(String clientRegistrationId, String principalName) {
        ClientRegistration registration = registrations.findByRegistrationId(clientRegistrationId);
        if (registration == null) {
            return null;
        }
        return (T) read(principalName).map(token -> new OAuth2AuthorizedClient(registration, token.userId(),
                new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, token.accessToken(), null, token.expiresAt()),
                token.refreshToken() == null ? null : new OAuth2RefreshToken(token.refreshToken(), null))).orElse(null);
    }

    @Override
    public void saveAuthorizedClient(OAuth2AuthorizedClient client, Authentication principal) {
        String userId = client.getPrincipalName();
        String login = null;
        if (principal != null && principal.getPrincipal() instanceof OAuth2User user && user.getAttribute("login") != null) {
            login = user.getAttribute("login").toString();
        }
        if (login == null) {
            login = read(userId).map(StoredToken::login).orElse(null);
        }
        OAuth2AccessToken access = client.getAccessToken();
        OAuth2RefreshToken refresh = client.getRefreshToken();
        Instant expiresAt = access.getExpiresAt() != null ? access.getExpiresAt()
                : clock.instant().plusSeconds(GithubTokenResponses.ASSUMED_LIFETIME_SECONDS);
        save(new StoredToken(userId, login, access.getTokenValue(), expiresAt, refresh == null ? null : refresh.getTokenValue()));
    }

    @Override
    public void removeAuthorizedClient(String clientRegistrationId, String principalName) {
        remove(principalName);
    }

    public void save(StoredToken token) {
        Instant now = clock.instant();
        Duration accessLifetime = positive(Duration.between(now, token.expiresAt()));
        Duration recordLifetime = token.refreshToken() == null ? accessLifetime : REFRESH_TOKEN_LIFETIME;
        String hash = Sha256.hex(token.accessToken());
        rawRecord(token.userId()).map(old -> old.path("accessTokenHash").asText(""))
                .filter(oldHash -> !oldHash.isEmpty() && !oldHash.equals(hash))
                .ifPresent(oldHash -> kv.delete(KvKeys.TOKEN_REVERSE.key(oldHash)));
        ObjectNode record = JSON.createObjectNode()
                .put("userId", token.userId())
                .put("accessToken", box.seal(token.accessToken()))
                .put("expiresAt", token.expiresAt().toEpochMilli())
                .put("accessTokenHash", hash);
        if (token.login() != null) {
            record.put("login", token.login());
        }
        if (token.refreshToken() != null) {
            record.put("refreshToken", box.seal(token.refreshToken()));
        }
        kv.put(KvKeys.TOKEN.key(token.userId()), record.toString(), KvKeys.tokenTtl(recordLifetime));
        kv.put(KvKeys.TOKEN_REVERSE.key(hash), token.userId(), KvKeys.tokenTtl(accessLifetime));
        reportedUnreadable.remove(token.userId());
    }

    /**
     * The user's tokens; absent when there are none, when the access token has expired and cannot be
     * refreshed, or when the record cannot be decrypted.
     */
    public Optional<StoredToken> read(String userId) {
        Optional<JsonNode> record = rawRecord(userId);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        JsonNode node = record.get();
        Instant expiresAt = Instant.ofEpochMilli(node.path("expiresAt").asLong(0));
        boolean refreshable = node.hasNonNull("refreshToken");
        if (!refreshable && !expiresAt.isAfter(clock.instant())) {
            remove(userId);
            return Optional.empty();
        }
        try {
            return Optional.of(new StoredToken(userId, node.path("login").asText(null), box.open(node.path("accessToken").asText(null)),
                    expiresAt, refreshable ? box.open(node.get("refreshToken").asText()) : null));
        } catch (SecretBox.SealedValueException e) {
            if (reportedUnreadable.add(userId)) {
                LOG.warn("the stored GitHub token of user {} cannot be decrypted ({}); treated as signed out", userId, e.getMessage());
            }
            return Optional.empty();
        }
    }

    /**
     * The user a GitHub access token belongs to, when it is that user's current token. A token that
     * a newer sign-in replaced finds nothing.
     */
    public Optional<StoredToken> findByAccessToken(String accessToken) {
        Optional<String> userId = kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex(accessToken)));
        return userId.flatMap(this::read).filter(token -> token.accessToken().equals(accessToken));
    }

    /** Deletes the reverse entry of the stored token, then the record. */
    public void remove(String userId) {
        rawRecord(userId).map(old -> old.path("accessTokenHash").asText(""))
                .filter(hash -> !hash.isEmpty())
                .ifPresent(hash -> kv.delete(KvKeys.TOKEN_REVERSE.key(hash)));
        kv.delete(KvKeys.TOKEN.key(userId));
    }

    private Optional<JsonNode> rawRecord(String userId) {
        return kv.get(KvKeys.TOKEN.key(userId)).flatMap(text -> {
            try {
                JsonNode node = JSON.readTree(text);
                return node.isObject() ? Optional.of(node) : Optional.empty();
            } catch (Exception e) {
                return Optional.empty();
            }
        });
    }

    private static Duration positive(Duration lifetime) {
        return lifetime.isNegative() || lifetime.isZero() ? KvKeys.MIN_TOKEN_TTL : lifetime;
    }
}
