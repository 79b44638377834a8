package dev.webhooker.signin;

import java.security.SecureRandom;
import java.util.HexFormat;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;

/**
 * Starts a sign-in at {@code GET /auth/github} (and nowhere else: Spring's default would also take
 * {@code /auth/anything} and fail on it). The authorization request carries a 32-hex state, a PKCE
 * challenge and no scope: a console sign-in needs only the public profile. No {@code redirect_uri} goes
 * to GitHub (it uses the app's registered callback), as with the original, so an existing GitHub app keeps
 * working. The sanitised {@code redirect} parameter is kept with the state ({@link KvAuthorizationRequests}).
 */
final class GithubAuthorizationRequests implements OAuth2AuthorizationRequestResolver {

    static final String START_PATH = "/auth/github";

    /** A chat link acts on repositories later (comments, merges), so it asks for the scope that allows it. */
    static final String LINK_SCOPE = "repo";

    private final DefaultOAuth2AuthorizationRequestResolver delegate;
    private final DefaultOAuth2AuthorizationRequestResolver linkDelegate;
    private final LinkRequests links;
    private final SecureRandom random = new SecureRandom();

    GithubAuthorizationRequests(ClientRegistrationRepository registrations, LinkRequests links) {
        this.links = links;
        this.delegate = new DefaultOAuth2AuthorizationRequestResolver(registrations, START_PATH);
        this.delegate.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce()
                .andThen(builder -> builder
                        .state(newState())
                        .parameters(parameters -> parameters.remove(OAuth2ParameterNames.REDIRECT_URI))));
        this.linkDelegate = new DefaultOAuth2AuthorizationRequestResolver(registrations, START_PATH);
        this.linkDelegate.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce()
                .andThen(builder -> builder
                        .state(newState())
                        .scopes(java.util.Set.of(LINK_SCOPE))
                        .parameters(parameters -> parameters.remove(OAuth2ParameterNames.REDIRECT_URI))));
    }

    @Override
    public OAuth2AuthorizationRequest resolve(HttpServletRequest request) {
        if (!"GET".equals(request.getMethod()) || !START_PATH.equals(request.getRequestURI())) {
            return null;
        }
        return resolve(request, GithubSignIn.REGISTRATION_ID);
    }

    /** Null for a {@code link} that is unknown or expired: {@link SignInController} then says so. */
    @Override
    public OAuth2AuthorizationRequest resolve(HttpServletRequest request, String registrationId) {
        String link = request.getParameter(KvAuthorizationRequests.LINK);
        try {
            if (link != null) {
                return links.peek(link).isPresent() ? linkDelegate.resolve(request, registrationId) : null;
            }
            return delegate.resolve(request, registrationId);
        } catch (IllegalArgumentException notConfigured) {
            // no GitHub client registration: SignInController answers that sign-in is not configured
            return null;
        }
    }

    private String newState() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
