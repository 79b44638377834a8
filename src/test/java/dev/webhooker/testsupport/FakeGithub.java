package dev.webhooker.testsupport;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * GitHub's sign-in as WireMock plays it: each user has a code the (skipped) authorize step would hand out,
 * the token it is exchanged for and a profile; {@link #signIn} walks a {@link Browser} through
 * {@code /auth/github} and the callback.
 */
public final class FakeGithub {

    public static final String CLIENT_ID = "Iv1.testclient";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final WireMockServer server;

    public FakeGithub() {
        server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
    }

    public WireMockServer server() {
        return server;
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    /** The settings that point sign-in at this fake. */
    public void properties(DynamicPropertyRegistry registry) {
        registry.add("webhooker.github.client-id", () -> CLIENT_ID);
        registry.add("webhooker.github.client-secret", () -> "test-client-secret");
        registry.add("webhooker.github.oauth-url", server::baseUrl);
        registry.add("webhooker.github.api-url", server::baseUrl);
        registry.add("webhooker.admin.sign-in-rate-limit", () -> "100000");
    }

    /** A user: the code they sign in with, the token it is exchanged for, their profile. */
    public void user(String code, String token, long id, String login, Integer expiresIn, String refreshToken) {
        Map<String, Object> tokenBody = new LinkedHashMap<>();
        tokenBody.put("access_token", token);
        tokenBody.put("token_type", "bearer");
        tokenBody.put("scope", "");
        if (expiresIn != null) {
            tokenBody.put("expires_in", expiresIn);
        }
        if (refreshToken != null) {
            tokenBody.put("refresh_token", refreshToken);
            tokenBody.put("refresh_token_expires_in", 15_897_600);
        }
        server.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("code=" + code))
                .willReturn(okJson(json(tokenBody))));
        server.stubFor(get(urlPathEqualTo("/user")).withHeader("Authorization", equalTo("Bearer " + token))
                .willReturn(okJson("{\"id\":" + id + ",\"login\":\"" + login + "\"}")));
    }

    public void user(String code, long id, String login) {
        user(code, "gho_" + code, id, login, null, null);
    }

    /**
     * For a real browser: GitHub's authorize page signs in as the user of {@code code} at once, sending the
     * browser back to {@code appBaseUrl}'s callback with the state it was given.
     */
    public void authorizesAs(String appBaseUrl, String code) {
        server.removeStubsByMetadata(com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath("$.authorize", equalTo("yes")));
        server.stubFor(get(urlPathEqualTo("/login/oauth/authorize")).withMetadata(Map.of("authorize", "yes"))
                .willReturn(com.github.tomakehurst.wiremock.client.WireMock.aResponse().withStatus(302)
                        .withHeader("Location", appBaseUrl + "/auth/github/callback?code=" + code + "&state={{request.query.state}}")
                        .withTransformers("response-template")));
    }

    /** Starts a sign-in; returns the state GitHub was sent. */
    public static String start(Browser browser, String redirect) {
        HttpResponse<String> response = browser.get("/auth/github" + (redirect == null ? "" : "?redirect=" + redirect));
        if (response.statusCode() != 302) {
            throw new AssertionError("sign-in did not start: " + response.statusCode() + " " + response.body());
        }
        return query(response.headers().firstValue("Location").orElseThrow()).get("state");
    }

    /** The whole browser sign-in with the user's code; the callback's response. */
    public static HttpResponse<String> signIn(Browser browser, String code, String redirect) {
        String state = start(browser, redirect);
        return browser.get("/auth/github/callback?code=" + code + "&state=" + state);
    }

    public static Map<String, String> query(String url) {
        Map<String, String> params = new LinkedHashMap<>();
        String query = URI.create(url).getRawQuery();
        for (String pair : query.split("&")) {
            String[] kv = pair.split("=", 2);
            params.put(kv[0], kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
        }
        return params;
    }

    public static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (Exception e) {
            throw new IllegalStateException(body, e);
        }
    }
}
