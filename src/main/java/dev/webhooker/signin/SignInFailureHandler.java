package dev.webhooker.signin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthorizationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.web.client.ResourceAccessException;

/**
 * A callback that did not end in a signed-in user: a forged, replayed, expired or foreign state (400
 * "Invalid or expired state"), an error GitHub sent back (400, with GitHub's reason), a code GitHub refused
 * (400 "OAuth failed"), or GitHub not answering in time (502). Nothing is stored and no session is made.
 */
final class SignInFailureHandler implements AuthenticationFailureHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SignInFailureHandler.class);

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
            throws IOException {
        String code = exception instanceof OAuth2AuthenticationException oauth ? oauth.getError().getErrorCode() : "";
        if (request.getParameter("error") != null && request.getParameter("state") != null && !isStateProblem(code)) {
            String reason = request.getParameter("error_description") != null ? request.getParameter("error_description")
                    : request.getParameter("error");
            AuthAnswers.error(request, response, 400, "GitHub did not sign you in: " + cut(reason));
            return;
        }
        if (OAuth2ErrorCodes.INVALID_REQUEST.equals(code)) {
            AuthAnswers.error(request, response, 400, "Missing code or state");
            return;
        }
        if (isStateProblem(code)) {
            AuthAnswers.error(request, response, 400, "Invalid or expired state");
            return;
        }
        if (unreachable(exception)) {
            LOG.warn("sign-in failed: GitHub did not answer in time ({})", exception.getMessage());
            AuthAnswers.error(request, response, 502, "GitHub did not answer in time; try again in a moment");
            return;
        }
        if ("invalid_user_info_response".equals(code)) {
            LOG.warn("sign-in failed: GitHub's user profile could not be read ({})", exception.getMessage());
            AuthAnswers.error(request, response, 502, "GitHub did not return your profile; try again in a moment");
            return;
        }
        LOG.info("sign-in refused by GitHub: {}", githubReason(exception));
        AuthAnswers.error(request, response, 400, "OAuth failed");
    }

    private static boolean isStateProblem(String code) {
        return "authorization_request_not_found".equals(code) || "invalid_state_parameter".equals(code)
                || "client_registration_not_found".equals(code);
    }

    private static boolean unreachable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ResourceAccessException || t instanceof java.io.IOException) {
                return true;
            }
        }
        return false;
    }

    /** The innermost OAuth error code, which is GitHub's own (e.g. bad_verification_code). */
    private static String githubReason(Throwable e) {
        String reason = e.getMessage();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OAuth2AuthorizationException oauth) {
                reason = oauth.getError().getErrorCode();
            }
        }
        return reason;
    }

    private static String cut(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }
}
