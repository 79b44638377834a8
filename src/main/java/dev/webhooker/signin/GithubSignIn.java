package dev.webhooker.signin;

import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.converter.FormHttpMessageConverter;
import org.springframework.security.oauth2.client.endpoint.RestClientAuthorizationCodeTokenResponseClient;
import org.springframework.security.oauth2.client.endpoint.RestClientRefreshTokenTokenResponseClient;
import org.springframework.security.oauth2.client.http.OAuth2ErrorResponseErrorHandler;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.userinfo.DefaultOAuth2UserService;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.core.http.converter.OAuth2AccessTokenResponseHttpMessageConverter;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.github.GithubClient;

/**
 * GitHub as Spring Security's OAuth client: the registration from GITHUB_CLIENT_ID / _SECRET, GITHUB_OAUTH_URL
 * and GITHUB_API_URL, and the code exchange, the refresh and {@code GET /user}, which send through the GitHub
 * client's requests ({@link GithubClient#oauthRequests()}), each with its time limit, so a slow GitHub gives a clear
 * 502 instead of a hanging sign-in.
 */
final class GithubSignIn {

    static final String REGISTRATION_ID = "github";

    private GithubSignIn() {
    }

    /** The registration, or a repository that knows none when GITHUB_CLIENT_ID or _SECRET is not set. */
    static ClientRegistrationRepository registrations(WebhookerProperties properties) {
        WebhookerProperties.Github github = properties.github();
        if (blank(github.clientId()) || blank(github.clientSecret())) {
            return registrationId -> null;
        }
        String oauth = trimSlash(github.oauthUrl());
        String baseUrl = blank(properties.baseUrl()) ? "{baseUrl}" : trimSlash(properties.baseUrl());
        ClientRegistration registration = ClientRegistration.withRegistrationId(REGISTRATION_ID)
                .clientName("GitHub")
                .clientId(github.clientId().trim())
                .clientSecret(github.clientSecret().trim())
                .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_POST)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .redirectUri(baseUrl + KvAuthorizationRequests.CALLBACK_PATH)
                .authorizationUri(oauth + "/login/oauth/authorize")
                .tokenUri(oauth + "/login/oauth/access_token")
                .userInfoUri(trimSlash(github.apiUrl()) + "/user")
                .userNameAttributeName("id")
                .build();
        return registrationId -> REGISTRATION_ID.equals(registrationId) ? registration : null;
    }

    static RestClientAuthorizationCodeTokenResponseClient codeExchange(GithubClient github) {
        RestClientAuthorizationCodeTokenResponseClient client = new RestClientAuthorizationCodeTokenResponseClient();
        client.setRestClient(tokenRestClient(github.oauthRequests()));
        // the authorize request carried none either (GitHub then uses the app's registered callback)
        client.setParametersCustomizer(parameters -> parameters.remove(OAuth2ParameterNames.REDIRECT_URI));
        return client;
    }

    static RestClientRefreshTokenTokenResponseClient refresh(GithubClient github) {
        RestClientRefreshTokenTokenResponseClient client = new RestClientRefreshTokenTokenResponseClient();
        client.setRestClient(tokenRestClient(github.oauthRequests()));
        return client;
    }

    static DefaultOAuth2UserService users(GithubClient github) {
        RestTemplate rest = new RestTemplate(github.oauthRequests());
        rest.setErrorHandler(new OAuth2ErrorResponseErrorHandler());
        DefaultOAuth2UserService users = new DefaultOAuth2UserService();
        users.setRestOperations(rest);
        return users;
    }

    private static RestClient tokenRestClient(ClientHttpRequestFactory requests) {
        OAuth2AccessTokenResponseHttpMessageConverter tokens = new OAuth2AccessTokenResponseHttpMessageConverter();
        tokens.setAccessTokenResponseConverter(new GithubTokenResponses());
        return RestClient.builder()
                .requestFactory(requests)
                .messageConverters(converters -> {
                    converters.clear();
                    converters.add(new FormHttpMessageConverter());
                    converters.add(tokens);
                })
                .defaultStatusHandler(new OAuth2ErrorResponseErrorHandler())
                .build();
    }

    static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    static String trimSlash(String url) {
        String trimmed = url.trim();
        return trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
    }
}
