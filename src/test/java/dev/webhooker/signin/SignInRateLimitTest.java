package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class SignInRateLimitTest {

    private final SignInRateLimit limit = new SignInRateLimit(3);

    private MockHttpServletResponse call(String path, String client) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        request.setRemoteAddr(client);
        MockHttpServletResponse response = new MockHttpServletResponse();
        limit.doFilter(request, response, new MockFilterChain());
        return response;
    }

    @Test
    void beyondTheLimitAClientGets429WithRetryAfterAndOthersAreUnaffected() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(call("/auth/github", "203.0.113.7").getStatus()).isEqualTo(200);
        }
        MockHttpServletResponse refused = call("/auth/github/callback", "203.0.113.7");

        assertThat(refused.getStatus()).isEqualTo(429);
        assertThat(Integer.parseInt(refused.getHeader("Retry-After"))).isBetween(1, 60);
        assertThat(refused.getContentAsString()).contains("\"error\"").contains("Too many sign-in requests");
        assertThat(call("/auth/github", "198.51.100.1").getStatus()).isEqualTo(200);
    }

    @Test
    void onlyTheSignInAndTokenEndpointsAreLimited() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertThat(call("/admin/api/me", "203.0.113.8").getStatus()).isEqualTo(200);
        }
        for (int i = 0; i < 3; i++) {
            call("/admin/login", "203.0.113.8");
        }
        assertThat(call("/auth/token/5", "203.0.113.8").getStatus()).isEqualTo(429);
        assertThat(call("/admin/logout", "203.0.113.8").getStatus()).isEqualTo(429);
    }
}
