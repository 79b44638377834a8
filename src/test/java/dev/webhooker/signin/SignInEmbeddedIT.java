package dev.webhooker.signin;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.github.GithubClient;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;

/** Sign-in on the embedded default: H2 and the SQL-backed KV, the key file generated in DATA_DIR. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SignInEmbeddedIT extends SignInContract {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "signin");
        signInProperties(registry);
    }

    /** About GitHub, not the stores, so here only: it waits out the 10 s read timeout. */
    @Test
    void aGithubThatDoesNotAnswerInTimeGives502() {
        GITHUB.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("code=slow"))
                .willReturn(okJson("{\"access_token\":\"gho_late\"}").withFixedDelay((int) GithubClient.TIMEOUT.toMillis() + 2_000)));
        Browser browser = browser();
        String state = start(browser, null);
        HttpResponse<String> callback = browser.getJson("/auth/github/callback?code=slow&state=" + state);

        assertThat(callback.statusCode()).isEqualTo(502);
        assertThat(parse(callback.body()).path("error").asText()).contains("did not answer in time");
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
    }
}
