package dev.webhooker.signin;

import java.util.HashMap;
import java.util.Map;

import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2AuthorizationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.endpoint.DefaultMapOAuth2AccessTokenResponseConverter;
import org.springframework.security.oauth2.core.endpoint.OAuth2AccessTokenResponse;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;

/**
 * Reads GitHub's token answer, which differs from plain OAuth 2 in two ways: a refused code comes back as
 * HTTP 200 with an {@code error} field, and an OAuth App's token has no {@code expires_in}. A GitHub App's
 * user token has one (8 h) and a refresh token, and both are kept as given. Without an expiry the original's
 * assumption of 10 hours is used; Spring's own default would be one second.
 */
final class GithubTokenResponses implements Converter<Map<String, Object>, OAuth2AccessTokenResponse> {

    static final long ASSUMED_LIFETIME_SECONDS = 36_000;

    private final DefaultMapOAuth2AccessTokenResponseConverter delegate = new DefaultMapOAuth2AccessTokenResponseConverter();

    @Override
    public OAuth2AccessTokenResponse convert(Map<String, Object> source) {
        Object error = source.get(OAuth2ParameterNames.ERROR);
        if (error != null) {
            Object description = source.get(OAuth2ParameterNames.ERROR_DESCRIPTION);
            throw new OAuth2AuthorizationException(new OAuth2Error(error.toString(),
                    description == null ? null : description.toString(), null));
        }
        Map<String, Object> parameters = new HashMap<>(source);
        parameters.putIfAbsent(OAuth2ParameterNames.EXPIRES_IN, ASSUMED_LIFETIME_SECONDS);
        return delegate.convert(parameters);
    }
}
