package dev.webhooker.signin;

import java.time.Instant;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.oauth2.client.AuthorizedClientServiceOAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.ClientAuthorizationException;
import org.springframework.security.oauth2.client.OAuth2AuthorizeRequest;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientProviderBuilder;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;

import dev.webhooker.github.GithubClient;

/**
 * A user's GitHub access token for a call made on their behalf, refreshed first when it has expired and a
 * refresh token was given (Spring Security's authorized-client manager over {@link TokenVault}). A token
 * GitHub no longer honours is dropped: {@link #rejected} after a 401, or by Spring when a refresh fails.
 */
public final class GithubUserTokens {

    private static final Logger LOG = LoggerFactory.getLogger(GithubUserTokens.class);

    private final AuthorizedClientServiceOAuth2AuthorizedClientManager manager;
    private final TokenVault vault;

    GithubUserTokens(ClientRegistrationRepository registrations, TokenVault vault, GithubClient github) {
        this.vault = vault;
        this.manager = new AuthorizedClientServiceOAuth2AuthorizedClientManager(registrations, vault);
        this.manager.setAuthorizedClientProvider(OAuth2AuthorizedClientProviderBuilder.builder()
                .refreshToken(refresh -> refresh.accessTokenResponseClient(GithubSignIn.refresh(github)))
                .build());
    }

    /** The current access token; empty when the user has none that works (they must sign in again). */
    public Optional<String> accessToken(String userId) {
        try {
            OAuth2AuthorizedClient client = manager.authorize(OAuth2AuthorizeRequest
                    .withClientRegistrationId(GithubSignIn.REGISTRATION_ID)
                    .principal(userId)
                    .build());
            if (client == null || client.getAccessToken().getExpiresAt() != null
                    && client.getAccessToken().getExpiresAt().isBefore(Instant.now())) {
                return Optional.empty();
            }
            return Optional.of(client.getAccessToken().getTokenValue());
        } catch (ClientAuthorizationException e) {
            LOG.info("GitHub token of user {} could not be refreshed ({}); they must sign in again", userId,
                    e.getError().getErrorCode());
            vault.remove(userId);
            return Optional.empty();
        } catch (IllegalArgumentException notConfigured) {
            return Optional.empty();
        }
    }

    /** GitHub answered 401 to this user's token: it was revoked, so it is forgotten. */
    public void rejected(String userId) {
        LOG.info("GitHub refused the token of user {}; it is removed", userId);
        vault.remove(userId);
    }
}
