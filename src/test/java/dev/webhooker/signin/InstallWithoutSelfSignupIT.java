package dev.webhooker.signin;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/**
 * The GitHub App install flow with self-signup off: only a super admin or an owner of the group binds an
 * installation, and only a super admin gets a new group from it.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class InstallWithoutSelfSignupIT {

    static final FakeGithub FAKE = new FakeGithub();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "install-no-signup");
        FAKE.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> "9919");
        registry.add("webhooker.admin.allow-self-signup", () -> "false");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @BeforeEach
    void usersAndGroups() {
        FAKE.server().resetAll();
        FAKE.user("code-root", "gho_root", 9919, "root", null, null);
        FAKE.user("code-olive", "gho_olive", 1002, "olive", null, null);
        FAKE.user("code-adam", "gho_adam", 1003, "adam", null, null);
        for (String token : List.of("gho_root", "gho_olive", "gho_adam")) {
            FAKE.server().stubFor(get(urlPathEqualTo("/user/installations")).withHeader("Authorization", equalTo("Bearer " + token))
                    .willReturn(okJson("{\"total_count\":1,\"installations\":[{\"id\":42,\"account\":{\"login\":\"acme\"}}]}")));
        }
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"),
                new Group.Member("adam", "admin", "1003")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)), List.of());
        snapshots.refresh();
    }

    private Browser signedIn(String code) {
        Browser browser = new Browser(port);
        assertThat(FakeGithub.signIn(browser, code, null).statusCode()).isEqualTo(302);
        return browser;
    }

    @Test
    void aGroupAdminWhoOwnsNothingIsRefusedBeforeGithubIsAsked() {
        Browser adam = signedIn("code-adam");

        HttpResponse<String> page = adam.get("/auth/github/install?installation_id=42");
        assertThat(page.statusCode()).isEqualTo(403);
        assertThat(page.body()).contains("Only a super admin or an owner of a group may bind");
        assertThat(adam.post("/auth/github/install/bind", "installation_id=42&group=", adam.origin()).statusCode()).isEqualTo(403);
        assertThat(snapshots.current().groups()).extracting(Group::id).containsExactly("team");
        FAKE.server().verify(0, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(urlPathEqualTo("/user/installations")));
    }

    @Test
    void anOwnerBindsTheirGroupButGetsNoNewGroup() {
        Browser olive = signedIn("code-olive");

        HttpResponse<String> page = olive.get("/auth/github/install?installation_id=42");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).doesNotContain("inst-42").contains("self-signup is off").contains("team");
        HttpResponse<String> create = olive.post("/auth/github/install/bind", "installation_id=42&group=", olive.origin());
        assertThat(create.statusCode()).isEqualTo(403);
        assertThat(snapshots.current().group("inst-42")).isEmpty();

        HttpResponse<String> bind = olive.post("/auth/github/install/bind", "installation_id=42&group=team", olive.origin());
        assertThat(bind.headers().firstValue("Location").orElse("")).contains("/admin?install=ok");
        assertThat(snapshots.current().group("team").orElseThrow().installationId()).isEqualTo(42L);
    }

    @Test
    void aSuperAdminGetsANewGroup() {
        Browser root = signedIn("code-root");

        HttpResponse<String> create = root.post("/auth/github/install/bind", "installation_id=42&group=", root.origin());
        assertThat(create.headers().firstValue("Location").orElse("")).contains("/admin?install=ok");
        assertThat(snapshots.current().group("inst-42").orElseThrow().installationId()).isEqualTo(42L);
    }
}
