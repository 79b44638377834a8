package dev.webhooker.signin;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.secrets.Sha256;

/**
 * Sign-in end to end against a fake GitHub (WireMock): the browser flow, sessions, tokens, roles, the
 * install flow, CSRF and the bearer API, on whichever stores the subclass starts the application with.
 */
abstract class SignInContract {

    static final FakeGithub FAKE = new FakeGithub();
    static final WireMockServer GITHUB = FAKE.server();
    static final String SUPER_ID = "9919";

    private static final ObjectMapper JSON = new ObjectMapper();

    static void signInProperties(DynamicPropertyRegistry registry) {
        FAKE.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> SUPER_ID);
        registry.add("webhooker.admin.allow-self-signup", () -> "true");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.limits.groups-per-user", () -> "2");
    }

    @LocalServerPort
    int port;

    @Autowired
    KvStore kv;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    GithubUserTokens userTokens;

    @BeforeEach
    void resetGithubAndGroups() {
        GITHUB.resetAll();
        user("code-root", "gho_root", Long.parseLong(SUPER_ID), "root", null, null);
        user("code-olive", "gho_olive", 1002, "olive", null, null);
        user("code-adam", "gho_adam", 1003, "Adam", null, null);
        user("code-vera", "gho_vera", 1004, "vera", null, null);
        user("code-newbie", "gho_newbie", 1005, "newbie", null, null);
        GITHUB.stubFor(delete(urlPathEqualTo("/applications/" + FakeGithub.CLIENT_ID + "/token")).willReturn(aResponse().withStatus(204)));
        repository.replaceAll(List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"), new Group.Member("adam", "admin"),
                        new Group.Member("vera", "viewer")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false),
                new Group("other", "Other", List.of(new Group.Member("someone", "owner")), List.of(), List.of(), List.of(), 77L, true,
                        List.of(), null, null, false)), List.of());
        snapshots.refresh();
        kv.scan(KvKeys.INVITE.prefix()).forEach(kv::delete);
    }

    static void user(String code, String token, long id, String login, Integer expiresIn, String refreshToken) {
        FAKE.user(code, token, id, login, expiresIn, refreshToken);
    }

    static JsonNode parse(String body) {
        return FakeGithub.parse(body);
    }

    Browser browser() {
        return new Browser(port);
    }

    static String start(Browser browser, String redirect) {
        return FakeGithub.start(browser, redirect);
    }

    static HttpResponse<String> signIn(Browser browser, String code, String redirect) {
        return FakeGithub.signIn(browser, code, redirect);
    }

    /** The redirect target, as a path when it points at this service. */
    static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElse("");
    }

    static Map<String, String> query(String url) {
        return FakeGithub.query(url);
    }

    // ---------------------------------------------------------------- the browser flow

    @Test
    void startingSendsTheBrowserToGithubWithAStatePkceAndNoScopeNorRedirectUri() {
        Browser browser = browser();
        HttpResponse<String> response = browser.get("/auth/github?redirect=/admin/groups");

        assertThat(response.statusCode()).isEqualTo(302);
        String location = response.headers().firstValue("Location").orElseThrow();
        assertThat(location).startsWith(GITHUB.baseUrl() + "/login/oauth/authorize?");
        Map<String, String> params = query(location);
        assertThat(params).containsEntry("client_id", "Iv1.testclient").containsEntry("code_challenge_method", "S256")
                .containsKey("code_challenge").doesNotContainKey("redirect_uri").doesNotContainKey("scope");
        assertThat(params.get("state")).matches("[0-9a-f]{32}");
        assertThat(kv.get(KvKeys.STATE.key(params.get("state")))).get().asString()
                .contains("\"redirectTo\":\"/admin/groups\"").contains("\"expiresAt\"");
        assertThat(browser.cookie(KvAuthorizationRequests.NONCE_COOKIE)).matches("[0-9a-f]{64}");
        assertThat(response.headers().allValues("Set-Cookie")).anyMatch(c -> c.startsWith(KvAuthorizationRequests.NONCE_COOKIE)
                && c.contains("HttpOnly") && c.contains("SameSite=Lax") && c.contains("Path=/auth/github/callback"));
    }

    @Test
    void aSuperAdminSignsInAndGetsAFreshHttpOnlySessionCookie() {
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-root", "/admin/groups");

        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        assertThat(location(callback)).contains("/admin/groups");
        assertThat(callback.headers().allValues("Set-Cookie")).anyMatch(c -> c.startsWith(SessionCookie.NAME + "=")
                && c.contains("HttpOnly") && c.contains("SameSite=Lax") && c.contains("Max-Age=604800") && c.contains("Path=/"));
        String sessionId = browser.cookie(SessionCookie.NAME);
        assertThat(sessionId).matches("[0-9a-f]{64}");
        assertThat(kv.get(AdminSessions.key(sessionId))).get().asString().contains("\"userId\":\"9919\"").contains("\"login\":\"root\"");

        JsonNode me = parse(browser.getJson("/admin/api/me").body());
        assertThat(me.path("isSuper").asBoolean()).isTrue();
        assertThat(me.path("userId").asText()).isEqualTo(SUPER_ID);
        assertThat(me.path("roles").path("team").asText()).isEqualTo("owner");
        assertThat(me.path("roles").path("other").asText()).isEqualTo("owner");
        assertThat(me.path("canCreateGroups").asBoolean()).isTrue();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'session.login' AND actor_id = ?",
                Integer.class, SUPER_ID)).isPositive();
    }

    @Test
    void eachRoleSeesItsGroupsAndExactlyItsCapabilities() {
        Map<String, List<String>> expected = Map.of(
                "code-olive", List.of("view", "edit-routes", "replay-deliveries", "edit-group", "delete-group", "rename-group", "manage-invites",
                        "manage-webhook-secret", "bind-installation"),
                "code-adam", List.of("view", "edit-routes", "replay-deliveries"),
                "code-vera", List.of("view"));
        Map<String, String> roles = Map.of("code-olive", "owner", "code-adam", "admin", "code-vera", "viewer");
        for (Map.Entry<String, List<String>> cell : expected.entrySet()) {
            Browser browser = browser();
            assertThat(signIn(browser, cell.getKey(), null).statusCode()).isEqualTo(302);
            JsonNode me = parse(browser.getJson("/admin/api/me").body());
            assertThat(me.path("isSuper").asBoolean()).isFalse();
            assertThat(me.path("roles").size()).as("only their own group").isEqualTo(1);
            assertThat(me.path("roles").path("team").asText()).isEqualTo(roles.get(cell.getKey()));
            List<String> capabilities = JSON.convertValue(me.path("capabilities").path("team"), List.class);
            assertThat(capabilities).as(cell.getKey()).isEqualTo(cell.getValue());
            assertThat(me.path("groups")).extracting(g -> g.path("id").asText()).containsExactly("team");
        }
    }

    @Test
    void theAdminApiNeedsASessionAndThenSomeAccess() {
        Browser nobody = browser();
        HttpResponse<String> anonymous = nobody.getJson("/admin/api/me");
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(parse(anonymous.body()).path("error").asText()).isEqualTo("Unauthorized");

        nobody.setCookie(SessionCookie.NAME, "f".repeat(64));
        assertThat(nobody.getJson("/admin/api/me").statusCode()).as("a made-up session id").isEqualTo(401);
        nobody.setCookie(SessionCookie.NAME, "../../etc/passwd");
        assertThat(nobody.getJson("/admin/api/me").statusCode()).as("a malformed cookie").isEqualTo(401);

        // a session of someone without access (their access was taken away since): the API answers 403
        kv.put(AdminSessions.key("e".repeat(64)), "{\"userId\":\"4242\",\"login\":\"stranger\"}", Duration.ofHours(1));
        nobody.setCookie(SessionCookie.NAME, "e".repeat(64));
        HttpResponse<String> forbidden = nobody.getJson("/admin/api/me");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(parse(forbidden.body()).path("error").asText()).isEqualTo("Forbidden");
    }

    @Test
    void aScriptSignInGetsWhoItIsAndNoSession() {
        Browser script = browser();
        String state = start(script, "/admin");
        HttpResponse<String> callback = script.getJson("/auth/github/callback?code=code-olive&state=" + state);

        assertThat(callback.statusCode()).isEqualTo(200);
        JsonNode body = parse(callback.body());
        assertThat(body.path("userId").asText()).isEqualTo("1002");
        assertThat(body.path("login").asText()).isEqualTo("olive");
        assertThat(body.path("redirectTo").asText()).isEqualTo("/admin");
        assertThat(callback.body()).doesNotContain("gho_olive");
        assertThat(script.cookie(SessionCookie.NAME)).isNull();
        assertThat(kv.get(KvKeys.TOKEN.key("1002"))).as("the token is stored on every branch").isPresent();
    }

    @Test
    void everySignInGetsANewSessionIdAndEndsTheOldOne() {
        Browser browser = browser();
        signIn(browser, "code-olive", null);
        String first = browser.cookie(SessionCookie.NAME);
        signIn(browser, "code-olive", null);
        String second = browser.cookie(SessionCookie.NAME);

        assertThat(second).isNotEqualTo(first);
        assertThat(kv.get(AdminSessions.key(first))).isEmpty();
        assertThat(kv.get(AdminSessions.key(second))).isPresent();
    }

    // ---------------------------------------------------------------- bad callbacks

    @Test
    void aStateIsSingleUse() {
        Browser browser = browser();
        String state = start(browser, null);
        String nonce = browser.cookie(KvAuthorizationRequests.NONCE_COOKIE);
        assertThat(browser.get("/auth/github/callback?code=code-olive&state=" + state).statusCode()).isEqualTo(302);

        browser.setCookie(KvAuthorizationRequests.NONCE_COOKIE, nonce);
        HttpResponse<String> replay = browser.getJson("/auth/github/callback?code=code-olive&state=" + state);
        assertThat(replay.statusCode()).isEqualTo(400);
        assertThat(parse(replay.body()).path("error").asText()).isEqualTo("Invalid or expired state");
    }

    @Test
    void aStateStartedInAnotherBrowserIsRefused() {
        Browser victim = browser();
        Browser attacker = browser();
        String state = start(attacker, null);

        HttpResponse<String> callback = victim.get("/auth/github/callback?code=code-olive&state=" + state);
        assertThat(callback.statusCode()).isEqualTo(400);
        assertThat(callback.body()).contains("Invalid or expired state").contains("<html");
        assertThat(victim.cookie(SessionCookie.NAME)).isNull();
    }

    @Test
    void forgedAndExpiredStatesAreRefusedAndChangeNothing() {
        Browser browser = browser();
        start(browser, null);
        assertThat(browser.getJson("/auth/github/callback?code=code-olive&state=" + "0".repeat(32)).statusCode()).isEqualTo(400);
        assertThat(browser.getJson("/auth/github/callback?code=code-olive&state=not-hex").statusCode()).isEqualTo(400);

        String state = start(browser, null);
        String key = KvKeys.STATE.key(state);
        String record = kv.get(key).orElseThrow();
        kv.put(key, record.replaceAll("\"expiresAt\":\\d+", "\"expiresAt\":1"), Duration.ofMinutes(5));
        HttpResponse<String> expired = browser.getJson("/auth/github/callback?code=code-olive&state=" + state);
        assertThat(expired.statusCode()).isEqualTo(400);
        assertThat(parse(expired.body()).path("error").asText()).isEqualTo("Invalid or expired state");

        HttpResponse<String> missing = browser.getJson("/auth/github/callback?state=" + state);
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
        GITHUB.verify(0, postRequestedFor(urlPathEqualTo("/login/oauth/access_token")));
    }

    @Test
    void anErrorFromGithubIsShownAndNothingIsStored() {
        Browser browser = browser();
        String state = start(browser, null);
        HttpResponse<String> callback = browser.get("/auth/github/callback?error=access_denied&error_description=The+user+has+denied"
                + "&state=" + state);

        assertThat(callback.statusCode()).isEqualTo(400);
        assertThat(callback.body()).contains("The user has denied");
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
    }

    @Test
    void aCodeGithubRefusesAnswersOauthFailed() {
        GITHUB.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("code=stale"))
                .willReturn(okJson("{\"error\":\"bad_verification_code\",\"error_description\":\"The code passed is incorrect or expired.\"}")));
        Browser browser = browser();
        String state = start(browser, null);
        HttpResponse<String> callback = browser.getJson("/auth/github/callback?code=stale&state=" + state);

        assertThat(callback.statusCode()).isEqualTo(400);
        assertThat(parse(callback.body()).path("error").asText()).isEqualTo("OAuth failed");
    }

    @Test
    void githubDownAnswers502WithAClearPage() {
        GITHUB.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("code=down"))
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        Browser browser = browser();
        String state = start(browser, null);
        HttpResponse<String> callback = browser.get("/auth/github/callback?code=down&state=" + state);

        assertThat(callback.statusCode()).isEqualTo(502);
        assertThat(callback.body()).contains("GitHub did not answer").doesNotContain("Exception");
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
    }

    @Test
    void aForeignRedirectTargetBecomesTheConsole() {
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-olive", "//evil.example/steal");

        assertThat(location(callback)).contains("/admin");
    }

    // ---------------------------------------------------------------- self-signup

    @Test
    void aNewcomerGetsAClosedPersonalGroupPinnedToTheirId() {
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-newbie", null);

        assertThat(callback.statusCode()).isEqualTo(302);
        assertThat(location(callback)).contains("/admin");
        Group personal = snapshots.current().group("u-1005").orElseThrow();
        assertThat(personal.name()).isEqualTo("@newbie");
        assertThat(personal.members()).containsExactly(new Group.Member("newbie", "owner", "1005"));
        assertThat(personal.globalWebhook()).isFalse();
        assertThat(parse(browser.getJson("/admin/api/me").body()).path("roles").path("u-1005").asText()).isEqualTo("owner");
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'group.create' AND target_id = 'u-1005'",
                String.class)).isNotEmpty().allMatch("{\"auto\":true}"::equals);
    }

    @Test
    void someoneRemovedFromTheirPersonalGroupIsNotLetBackIn() {
        repository.createGroup(new Group("u-1005", "@newbie", List.of(new Group.Member("someone-else", "owner")), List.of(), List.of(),
                List.of(), null, true, List.of(), null, null, false, false));
        snapshots.refresh();
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-newbie", null);

        assertThat(callback.statusCode()).isEqualTo(302);
        assertThat(location(callback)).contains("/admin?error=forbidden");
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
    }

    private static final String NO_ACCESS_PERSONAL = "u-1005";

    /** newbie (1005) has no access, and self-signup cannot help: their personal group went to someone else. */
    private void newbieHasNoAccess() {
        // a token of user 1005 left by another test or test class on the shared store would say nothing of this sign-in
        kv.delete(KvKeys.TOKEN.key("1005"));
        kv.delete(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_newbie")));
        repository.createGroup(new Group(NO_ACCESS_PERSONAL, "@newbie", List.of(new Group.Member("someone-else", "owner")), List.of(),
                List.of(), List.of(), null, true, List.of(), null, null, false, false));
        snapshots.refresh();
    }

    private String invite(String groupId, long expiresAt) {
        String token = java.util.HexFormat.of().formatHex(java.security.SecureRandom.getSeed(32));
        kv.put(KvKeys.INVITE.key(token), "{\"groupId\":\"" + groupId + "\",\"role\":\"viewer\",\"expiresAt\":" + expiresAt
                + ",\"createdBy\":\"olive\"}", Duration.ofDays(7));
        return token;
    }

    private void assertNothingStoredFor(Browser browser, String userId, String token) {
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
        assertThat(kv.get(KvKeys.TOKEN.key(userId))).as("no token record").isEmpty();
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex(token)))).as("no reverse entry").isEmpty();
    }

    @Test
    void aRefusedSignInStoresNoTokenAndTheTokenOpensNoApi() {
        newbieHasNoAccess();
        int sessionsBefore = kv.scan(KvKeys.SESSION.prefix()).size();
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-newbie", null);

        assertThat(location(callback)).contains("/admin?error=forbidden");
        assertNothingStoredFor(browser, "1005", "gho_newbie");
        assertThat(kv.scan(KvKeys.SESSION.prefix())).hasSize(sessionsBefore);
        assertThat(parse(api(java.net.http.HttpClient.newHttpClient(), "Bearer gho_newbie").body()).path("error").asText())
                .isEqualTo("Invalid or expired token");

        Browser script = browser();
        String state = start(script, "/admin");
        assertThat(script.getJson("/auth/github/callback?code=code-newbie&state=" + state).statusCode()).isEqualTo(200);
        assertNothingStoredFor(script, "1005", "gho_newbie");
    }

    @Test
    void anInviteFlowWithoutALiveInviteGetsNoSession() {
        newbieHasNoAccess();
        for (String redirect : List.of("/admin/invite?token=abc", "/admin/invite?token=" + "a".repeat(64),
                "/admin/invite?token=" + invite("team", System.currentTimeMillis() - 1_000),
                "/admin/invite?token=" + invite("no-such-group", System.currentTimeMillis() + 60_000), "/admin/invitee")) {
            Browser browser = browser();
            HttpResponse<String> callback = signIn(browser, "code-newbie", redirect);

            assertThat(location(callback)).as(redirect).contains("/admin?error=forbidden");
            assertNothingStoredFor(browser, "1005", "gho_newbie");
        }
    }

    @Test
    void anInviteOnlySessionAcceptsTheInviteAndNothingElseUntilThen() {
        newbieHasNoAccess();
        installations("gho_newbie", "{\"total_count\":1,\"installations\":[{\"id\":42,\"account\":{\"login\":\"newbie-org\"}}]}");
        String token = invite("team", System.currentTimeMillis() + 60_000);
        Browser browser = browser();
        HttpResponse<String> callback = signIn(browser, "code-newbie", "/admin/invite?token=" + token);

        assertThat(location(callback)).contains("/admin/invite?token=" + token);
        String session = browser.cookie(SessionCookie.NAME);
        assertThat(session).isNotNull();
        assertThat(kv.get(AdminSessions.key(session))).get().asString().contains("\"inviteOnly\":true");
        assertThat(kv.get(KvKeys.TOKEN.key("1005"))).as("no GitHub token for /api/*").isEmpty();
        assertThat(api(java.net.http.HttpClient.newHttpClient(), "Bearer gho_newbie").statusCode()).isEqualTo(401);
        assertThat(browser.getJson("/admin/api/me").statusCode()).as("no admin API").isEqualTo(401);
        HttpResponse<String> install = browser.get("/auth/github/install?installation_id=42");
        assertThat(location(install)).as("no install flow: it asks for a sign-in").contains("/auth/github?redirect=");
        HttpResponse<String> bind = browser.post("/auth/github/install/bind", "installation_id=42&group=", browser.origin());
        assertThat(location(bind)).contains("/admin?error=forbidden");
        assertThat(snapshots.current().group("inst-42")).isEmpty();
        assertThat(browser.delete("/auth/token/1005", browser.origin()).statusCode()).isEqualTo(401);

        HttpResponse<String> page = browser.get("/admin/invite?token=" + token);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Team");
        HttpResponse<String> accepted = browser.post("/admin/invite/accept", "token=" + token, browser.origin());
        assertThat(location(accepted)).endsWith("/admin?invite=ok");

        JsonNode me = parse(browser.getJson("/admin/api/me").body());
        assertThat(me.path("roles").path("team").asText()).as("a full session now").isEqualTo("viewer");
        assertThat(kv.get(AdminSessions.key(session))).get().asString().doesNotContain("inviteOnly");
    }

    @Test
    void aSessionIsKeptUnderTheHashOfItsId() {
        Browser browser = browser();
        signIn(browser, "code-olive", null);
        String session = browser.cookie(SessionCookie.NAME);

        assertThat(kv.get(KvKeys.SESSION.key(session))).isEmpty();
        assertThat(kv.get(KvKeys.SESSION.key(Sha256.hex(session)))).isPresent();
        Browser thief = browser();
        thief.setCookie(SessionCookie.NAME, Sha256.hex(session));
        assertThat(thief.getJson("/admin/api/me").statusCode()).as("what the KV holds signs no one in").isEqualTo(401);
        assertThat(browser.getJson("/admin/api/me").statusCode()).isEqualTo(200);
    }

    // ---------------------------------------------------------------- logout and CSRF

    @Test
    void logoutIsAPostFromThisServiceOnly() {
        Browser browser = browser();
        signIn(browser, "code-olive", null);
        String session = browser.cookie(SessionCookie.NAME);

        HttpResponse<String> noOrigin = browser.post("/admin/logout", "", null);
        assertThat(noOrigin.statusCode()).isEqualTo(403);
        assertThat(parse(noOrigin.body()).path("error").asText()).contains("Cross-site request refused");
        assertThat(browser.post("/admin/logout", "", "https://evil.example").statusCode()).isEqualTo(403);
        assertThat(kv.get(AdminSessions.key(session))).as("still signed in").isPresent();

        HttpResponse<String> logout = browser.post("/admin/logout", "", browser.origin());
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(kv.get(AdminSessions.key(session))).isEmpty();
        assertThat(browser.cookie(SessionCookie.NAME)).isNull();
        assertThat(browser.getJson("/admin/api/me").statusCode()).isEqualTo(401);
        assertThat(browser.get("/admin/logout").statusCode()).as("no GET logout").isNotEqualTo(302);
    }

    @Test
    void adminLoginStartsTheFlowTowardsTheConsole() {
        HttpResponse<String> login = browser().get("/admin/login");
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(location(login)).contains("/auth/github?redirect=%2Fadmin");
        assertThat(location(browser().get("/admin/login?redirect=/admin/logs%3Fok%3Dfalse"))).as("the screen to come back to")
                .endsWith("/auth/github?redirect=%2Fadmin%2Flogs%3Fok%3Dfalse");
        assertThat(location(browser().get("/admin/login?redirect=https://evil.example/"))).endsWith("/auth/github?redirect=%2Fadmin");
    }

    // ---------------------------------------------------------------- tokens

    @Test
    void theStoredTokenIsNeverTheTokenItself() {
        signIn(browser(), "code-olive", null);

        String raw = kv.get(KvKeys.TOKEN.key("1002")).orElseThrow();
        assertThat(raw).doesNotContain("gho_olive");
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_olive")))).contains("1002");
    }

    @Test
    void onlyTheTokensOwnUserOrASuperAdminMayRevokeIt() {
        Browser olive = browser();
        signIn(olive, "code-olive", null);
        Browser adam = browser();
        signIn(adam, "code-adam", null);

        assertThat(browser().delete("/auth/token/1002", browser().origin()).statusCode()).isEqualTo(401);
        assertThat(adam.delete("/auth/token/1002", adam.origin()).statusCode()).isEqualTo(403);
        assertThat(kv.get(KvKeys.TOKEN.key("1002"))).isPresent();
        assertThat(olive.delete("/auth/token/1002", null).statusCode()).as("no Origin").isEqualTo(403);

        HttpResponse<String> own = olive.delete("/auth/token/1002", olive.origin());
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(parse(own.body()).path("ok").asBoolean()).isTrue();
        assertThat(kv.get(KvKeys.TOKEN.key("1002"))).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_olive")))).isEmpty();
        GITHUB.verify(deleteRequestedFor(urlPathEqualTo("/applications/Iv1.testclient/token"))
                .withRequestBody(containing("gho_olive")));

        Browser root = browser();
        signIn(root, "code-root", null);
        assertThat(root.delete("/auth/token/1003", root.origin()).statusCode()).isEqualTo(200);
        assertThat(kv.get(KvKeys.TOKEN.key("1003"))).isEmpty();
    }

    @Test
    void theApiTakesTheUsersCurrentGithubTokenOnly() {
        signIn(browser(), "code-olive", null);
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();

        assertThat(api(http, null).statusCode()).isEqualTo(401);
        assertThat(parse(api(http, null).body()).path("error").asText()).isEqualTo("Missing authorization");
        assertThat(parse(api(http, "Bearer gho_unknown").body()).path("error").asText()).isEqualTo("Invalid or expired token");
        assertThat(api(http, "bearer gho_olive").statusCode()).as("exact case").isEqualTo(401);
        assertThat(api(http, "Bearer gho_olive").statusCode()).as("authenticated: no such action yet").isEqualTo(404);

        user("code-olive", "gho_olive_2", 1002, "olive", null, null);
        signIn(browser(), "code-olive", null);
        assertThat(parse(api(http, "Bearer gho_olive").body()).path("error").asText()).as("superseded")
                .isEqualTo("Invalid or expired token");
        assertThat(api(http, "Bearer gho_olive_2").statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> api(java.net.http.HttpClient http, String authorization) {
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/nothing"))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void anExpiredTokenIsRefreshedAndARefusedRefreshSignsOut() {
        user("code-vera", "gho_vera_short", 1004, "vera", 30, "ghr_vera");
        signIn(browser(), "code-vera", null);
        GITHUB.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("refresh_token=ghr_vera"))
                .willReturn(okJson("{\"access_token\":\"gho_vera_fresh\",\"token_type\":\"bearer\",\"expires_in\":28800,"
                        + "\"refresh_token\":\"ghr_vera_2\"}")));

        assertThat(userTokens.accessToken("1004")).contains("gho_vera_fresh");
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_vera_short")))).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_vera_fresh")))).contains("1004");

        user("code-vera", "gho_vera_short2", 1004, "vera", 30, "ghr_dead");
        signIn(browser(), "code-vera", null);
        GITHUB.stubFor(post(urlPathEqualTo("/login/oauth/access_token")).withRequestBody(containing("refresh_token=ghr_dead"))
                .willReturn(okJson("{\"error\":\"bad_refresh_token\",\"error_description\":\"The refresh token passed is incorrect or expired.\"}")));
        assertThat(userTokens.accessToken("1004")).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN.key("1004"))).isEmpty();
    }

    // ---------------------------------------------------------------- the install flow

    private static void installations(String token, String json) {
        GITHUB.stubFor(get(urlPathEqualTo("/user/installations")).withHeader("Authorization", equalTo("Bearer " + token))
                .willReturn(okJson(json)));
    }

    @Test
    void installWithoutASessionStartsSignInFirst() {
        HttpResponse<String> response = browser().get("/auth/github/install?installation_id=42");
        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(location(response)).contains(
                "/auth/github?redirect=%2Fauth%2Fgithub%2Finstall%3Finstallation_id%3D42");
        assertThat(browser().get("/auth/github/install?installation_id=abc").statusCode()).isEqualTo(400);
    }

    @Test
    void anInstallationTheUserCanSeeBecomesTheirNewGroup() {
        installations("gho_newbie", "{\"total_count\":1,\"installations\":[{\"id\":42,\"account\":{\"login\":\"newbie-org\"}}]}");
        Browser browser = browser();
        signIn(browser, "code-newbie", "/auth/github/install?installation_id=42");
        HttpResponse<String> page = browser.get("/auth/github/install?installation_id=42");
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).contains("newbie-org").contains("inst-42").contains("u-1005");

        HttpResponse<String> bind = browser.post("/auth/github/install/bind", "installation_id=42&group=", browser.origin());
        assertThat(bind.statusCode()).isEqualTo(302);
        assertThat(location(bind)).contains("/admin?install=ok");
        Group created = snapshots.current().group("inst-42").orElseThrow();
        assertThat(created.installationId()).isEqualTo(42L);
        assertThat(created.name()).isEqualTo("newbie-org");
        assertThat(created.members()).containsExactly(new Group.Member("newbie", "owner", "1005"));
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'inst-42' ORDER BY id", String.class))
                .containsSubsequence("installation.created", "group.member.add");
    }

    @Test
    void anInstallationTheUserCannotSeeIsRefusedAndAnotherTenantsGroupIsNeverJoined() {
        installations("gho_newbie", "{\"total_count\":1,\"installations\":[{\"id\":77,\"account\":{\"login\":\"someone\"}}]}");
        Browser browser = browser();
        signIn(browser, "code-newbie", null);

        HttpResponse<String> unseen = browser.get("/auth/github/install?installation_id=43");
        assertThat(unseen.statusCode()).isEqualTo(403);
        assertThat(browser.post("/auth/github/install/bind", "installation_id=43&group=", browser.origin()).statusCode()).isEqualTo(403);

        // 77 is visible to them but already feeds group "other": binding "new" must not make them its owner
        HttpResponse<String> takeover = browser.post("/auth/github/install/bind", "installation_id=77&group=", browser.origin());
        assertThat(location(takeover)).contains("/admin?error=install");
        assertThat(snapshots.current().group("other").orElseThrow().members()).containsExactly(new Group.Member("someone", "owner"));
        // nor bind it to a group they do not own
        HttpResponse<String> foreign = browser.post("/auth/github/install/bind", "installation_id=77&group=team", browser.origin());
        assertThat(location(foreign)).contains("/admin?error=forbidden");
        assertThat(browser.post("/auth/github/install/bind", "installation_id=77&group=u-1005", "https://evil.example").statusCode())
                .isEqualTo(403);
    }

    @Test
    void aUserCreatesNoMoreThanMaxGroupsPerUserThroughTheInstallFlow() {
        installations("gho_newbie", "{\"total_count\":2,\"installations\":[{\"id\":42,\"account\":{\"login\":\"one\"}},"
                + "{\"id\":43,\"account\":{\"login\":\"two\"}}]}");
        Browser browser = browser();
        signIn(browser, "code-newbie", null);
        assertThat(snapshots.current().group("u-1005")).isPresent();
        assertThat(location(browser.post("/auth/github/install/bind", "installation_id=42&group=", browser.origin())))
                .contains("/admin?install=ok");

        HttpResponse<String> page = browser.get("/auth/github/install?installation_id=43");
        assertThat(page.body()).doesNotContain("inst-43").contains("MAX_GROUPS_PER_USER");
        HttpResponse<String> third = browser.post("/auth/github/install/bind", "installation_id=43&group=", browser.origin());
        assertThat(third.statusCode()).isEqualTo(403);
        assertThat(third.body()).contains("MAX_GROUPS_PER_USER");
        assertThat(snapshots.current().group("inst-43")).isEmpty();
        assertThat(location(browser.post("/auth/github/install/bind", "installation_id=43&group=inst-42", browser.origin())))
                .as("a group they own still takes it").contains("/admin?install=ok");
    }

    @Test
    void aViewerMayNotBindAnInstallation() {
        installations("gho_vera", "{\"total_count\":1,\"installations\":[{\"id\":44,\"account\":{\"login\":\"vera-org\"}}]}");
        Browser browser = browser();
        signIn(browser, "code-vera", null);

        HttpResponse<String> bind = browser.post("/auth/github/install/bind", "installation_id=44&group=team", browser.origin());
        assertThat(location(bind)).contains("/admin?error=forbidden");
        assertThat(snapshots.current().group("team").orElseThrow().installationId()).isNull();
    }

    @Test
    void anOwnerBindsAnInstallationTheyCanSeeToTheirGroup() {
        installations("gho_olive", "{\"total_count\":1,\"installations\":[{\"id\":55,\"account\":{\"login\":\"olive-org\"}}]}");
        Browser browser = browser();
        signIn(browser, "code-olive", null);

        HttpResponse<String> bind = browser.post("/auth/github/install/bind", "installation_id=55&group=team", browser.origin());
        assertThat(location(bind)).contains("/admin?install=ok");
        assertThat(snapshots.current().group("team").orElseThrow().installationId()).isEqualTo(55L);
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'installation.bind' AND group_id = 'team'",
                String.class)).contains("{\"installationId\":55}");
    }

    @Test
    void aTokenGithubRefusesDuringTheInstallFlowSignsTheUserOut() {
        GITHUB.stubFor(get(urlPathEqualTo("/user/installations")).willReturn(aResponse().withStatus(401)));
        Browser browser = browser();
        signIn(browser, "code-olive", null);
        String session = browser.cookie(SessionCookie.NAME);

        HttpResponse<String> page = browser.get("/auth/github/install?installation_id=55");
        assertThat(page.statusCode()).isEqualTo(302);
        assertThat(location(page)).contains("/auth/github?redirect=");
        assertThat(kv.get(AdminSessions.key(session))).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN.key("1002"))).isEmpty();
    }

    // ---------------------------------------------------------------- what stays open

    @Test
    void webhooksAndHealthNeverPassThroughTheSecurityFilter() {
        HttpResponse<String> health = browser().getJson("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.headers().firstValue("X-Frame-Options")).as("Spring Security's headers are absent").isEmpty();
        assertThat(browser().getJson("/admin/api/me").headers().firstValue("X-Frame-Options")).contains("DENY");
        HttpResponse<String> webhook = browser().post("/webhook", "{}", null);
        assertThat(webhook.statusCode()).as(webhook.body()).isNotIn(401, 403);
    }
}
