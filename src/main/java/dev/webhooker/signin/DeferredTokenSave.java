package dev.webhooker.signin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizedClientRepository;

/**
 * Where Spring Security's sign-in puts GitHub's token: not into the {@link TokenVault} at once (Spring saves it
 * before anyone decided whether the sign-in is accepted), but onto the request, from where
 * {@link SignInSuccessHandler} keeps it only for a sign-in it accepts. A refused sign-in so stores no token,
 * and its token opens nothing here ({@code /api/*} takes a user's stored token only).
 */
final class DeferredTokenSave implements OAuth2AuthorizedClientRepository {

    private static final String ATTRIBUTE = DeferredTokenSave.class.getName();

    private final TokenVault vault;

    DeferredTokenSave(TokenVault vault) {
        this.vault = vault;
    }

    @Override
    public <T extends OAuth2AuthorizedClient> T loadAuthorizedClient(String clientRegistrationId, Authentication principal,
                                                                     HttpServletRequest request) {
        return principal == null ? null : vault.loadAuthorizedClient(clientRegistrationId, principal.getName());
    }

    @Override
    public void saveAuthorizedClient(OAuth2AuthorizedClient client, Authentication principal, HttpServletRequest request,
                                     HttpServletResponse response) {
        request.setAttribute(ATTRIBUTE, new Pending(client, principal));
    }

    @Override
    public void removeAuthorizedClient(String clientRegistrationId, Authentication principal, HttpServletRequest request,
                                       HttpServletResponse response) {
        if (principal != null) {
            vault.removeAuthorizedClient(clientRegistrationId, principal.getName());
        }
    }

    /** Stores the token of this request's sign-in (the sign-in was accepted); nothing when there is none. */
    static void keep(HttpServletRequest request, TokenVault vault) {
        if (request.getAttribute(ATTRIBUTE) instanceof Pending pending) {
            vault.saveAuthorizedClient(pending.client(), pending.principal());
            request.removeAttribute(ATTRIBUTE);
        }
    }

    private record Pending(OAuth2AuthorizedClient client, Authentication principal) {
    }
}
