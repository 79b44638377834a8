package dev.webhooker.signin;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.node.TextNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.github.GithubClient;
import dev.webhooker.ingress.InstallationProvisioner;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.TenantLimitException;
import dev.webhooker.web.HtmlPage;

/**
 * The GitHub App's Setup URL: after installing the App, the user picks the group
 * the installation feeds. Unlike the original, both steps first check with the user's own GitHub token
 * that they can see the installation, a group already bound to it is never joined, and the binding
 * form is a POST under the Origin check. Only a super admin or an owner of the group it is bound to may
 * bind it; a new group {@code inst-{id}} is made by a super admin, or, with self-signup on, for a user who
 * becomes its owner, within MAX_GROUPS_PER_USER. Anyone else is refused before GitHub is asked anything.
 */
@RestController
class InstallController {

    static final String INSTALL_PATH = "/auth/github/install";

    private static final Logger LOG = LoggerFactory.getLogger(InstallController.class);

    private final RequestAccess access;
    private final GithubUserTokens userTokens;
    private final GithubClient github;
    private final InstallationProvisioner provisioner;
    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final AdminSessions sessions;
    private final SessionCookie cookies;
    private final SelfSignup selfSignup;
    private final AuditLog audit;
    private final BooleanSupplier configWritesAllowed;

    InstallController(RequestAccess access, GithubUserTokens userTokens, GithubClient github,
                      InstallationProvisioner provisioner, ConfigRepository repository, ConfigSnapshots snapshots,
                      AdminSessions sessions, SessionCookie cookies, SelfSignup selfSignup, AuditLog audit,
                      ObjectProvider<ConfigFileSync> configFile) {
        this.access = access;
        this.userTokens = userTokens;
        this.github = github;
        this.provisioner = provisioner;
        this.repository = repository;
        this.snapshots = snapshots;
        this.sessions = sessions;
        this.cookies = cookies;
        this.selfSignup = selfSignup;
        this.audit = audit;
        this.configWritesAllowed = ConfigFileSync.writesAllowed(configFile);
    }

    @GetMapping(INSTALL_PATH)
    void choose(@RequestParam(name = "installation_id", required = false) String installationParam,
                HttpServletRequest request, HttpServletResponse response) throws IOException {
        Long installationId = installationId(installationParam);
        if (installationId == null) {
            AuthAnswers.error(request, response, 400, "Missing installation_id");
            return;
        }
        Optional<SignedIn> caller = RequestAccess.sessionCaller();
        if (caller.isEmpty()) {
            response.sendRedirect(GithubAuthorizationRequests.START_PATH + "?redirect="
                    + URLEncoder.encode(INSTALL_PATH + "?installation_id=" + installationId, StandardCharsets.UTF_8));
            return;
        }
        Access scope = access.of(request).orElseThrow();
        if (!mayBindAny(scope)) {
            refuseNonOwner(request, response);
            return;
        }
        Optional<GithubClient.Installation> installation = verified(caller.get(), installationId, request, response);
        if (installation.isEmpty()) {
            return;
        }
        Optional<Group> bound = snapshots.current().groups().stream()
                .filter(g -> installationId.equals(g.installationId())).findFirst();
        StringBuilder body = new StringBuilder();
        String account = installation.get().accountLogin();
        body.append("<p>GitHub App installation <b>").append(installationId).append("</b> on <b>")
                .append(HtmlUtils.htmlEscape(account.isEmpty() ? "an unknown account" : account)).append("</b>.</p>");
        body.append("<form method=\"post\" action=\"").append(INSTALL_PATH).append("/bind\">")
                .append("<input type=\"hidden\" name=\"installation_id\" value=\"").append(installationId).append("\">");
        boolean checked = false;
        if (bound.isEmpty()) {
            String newGroup = newGroupRefusal(scope, installationId);
            if (newGroup == null) {
                body.append("<p><label><input type=\"radio\" name=\"group\" value=\"\" checked> a new group <code>inst-")
                        .append(installationId).append("</code></label></p>");
                checked = true;
            } else {
                body.append("<p>").append(HtmlUtils.htmlEscape(newGroup)).append("</p>");
            }
        } else {
            body.append("<p>It already feeds group <code>").append(HtmlUtils.htmlEscape(scope.sees(bound.get().id()) ? bound.get().id() : "(not yours)"))
                    .append("</code>; binding it to another group moves it there.</p>");
        }
        for (Group group : snapshots.current().groups()) {
            if (scope.can(Capability.BIND_INSTALLATION, group.id())) {
                body.append("<p><label><input type=\"radio\" name=\"group\" value=\"").append(HtmlUtils.htmlEscape(group.id())).append('"')
                        .append(checked ? "" : " checked").append("> ").append(HtmlUtils.htmlEscape(group.name()))
                        .append(" <code>").append(HtmlUtils.htmlEscape(group.id())).append("</code></label></p>");
                checked = true;
            }
        }
        body.append(checked ? "<p><button type=\"submit\">Bind</button></p>" : "<p>There is no group you own to bind it to.</p>");
        body.append("</form>");
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(HtmlPage.render("Bind a GitHub App installation", body.toString()).getBytes(StandardCharsets.UTF_8));
    }

    @PostMapping(INSTALL_PATH + "/bind")
    void bind(@RequestParam(name = "installation_id", required = false) String installationParam,
              @RequestParam(name = "group", required = false) String groupParam,
              HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<SignedIn> caller = RequestAccess.sessionCaller();
        if (caller.isEmpty()) {
            response.sendRedirect("/admin?error=forbidden");
            return;
        }
        Long installationId = installationId(installationParam);
        if (installationId == null) {
            AuthAnswers.error(request, response, 400, "Missing installation_id");
            return;
        }
        Access scope = access.of(request).orElseThrow();
        if (!mayBindAny(scope)) {
            refuseNonOwner(request, response);
            return;
        }
        String group = groupParam == null ? "" : groupParam.trim();
        if (!group.isEmpty() && !scope.can(Capability.BIND_INSTALLATION, group)) {
            response.sendRedirect("/admin?error=forbidden");
            return;
        }
        if (group.isEmpty() && !scope.superAdmin() && scope.can(Capability.BIND_INSTALLATION, "inst-" + installationId)) {
            // their own inst-{id} from an earlier installation: bound like any group they own
            group = "inst-" + installationId;
        }
        if (group.isEmpty()) {
            String refusal = newGroupRefusal(scope, installationId);
            if (refusal != null) {
                AuthAnswers.error(request, response, 403, refusal);
                return;
            }
        }
        Optional<GithubClient.Installation> installation = verified(caller.get(), installationId, request, response);
        if (installation.isEmpty()) {
            return;
        }
        if (!configWritesAllowed.getAsBoolean()) {
            AuthAnswers.error(request, response, 409, "The config file is authoritative (sync mode): set installationId: "
                    + installationId + " on a group in the file");
            return;
        }
        var user = caller.get().user();
        String ip = request.getRemoteAddr();
        if (!group.isEmpty()) {
            repository.bindInstallation(List.of(group), installationId);
            snapshots.refresh();
            audit.record(AuditEntry.of("installation.bind").actor(user.userId(), user.login()).onGroup(group)
                    .detail("{\"installationId\":" + installationId + "}").ip(ip));
            LOG.info("installation {} bound to group {} by @{}", installationId, group, user.login());
            response.sendRedirect("/admin?install=ok");
            return;
        }
        String account = installation.get().accountLogin();
        Group.Member creator = scope.superAdmin() ? null : new Group.Member(user.login(), "owner", user.userId());
        InstallationProvisioner.Provisioning result;
        try {
            result = provisioner.provisionInstallation(installationId, account, creator,
                    scope.superAdmin() ? ConfigRepository.NO_TENANT_LIMIT : selfSignup.groupsPerUser());
        } catch (TenantLimitException e) {
            AuthAnswers.error(request, response, 409, "You already own " + e.limit() + " groups, the most a user may create here "
                    + "(MAX_GROUPS_PER_USER); bind the installation to one of them");
            return;
        }
        if (result.boundTo() != null) {
            // never join a group someone else set up; its owners can bind it from the console
            response.sendRedirect(access.resolve(user).sees(result.boundTo()) ? "/admin?install=ok" : "/admin?error=install");
            return;
        }
        if (result.groupIds().isEmpty()) {
            response.sendRedirect("/admin?error=install");
            return;
        }
        String detail = "{\"source\":\"setup_url\"" + (account.isEmpty() ? "" : ",\"account\":" + jsonString(account)) + "}";
        for (String id : result.groupIds()) {
            audit.record(AuditEntry.of("installation.created").actor(user.userId(), user.login()).onGroup(id).detail(detail).ip(ip));
        }
        if (result.created() && creator != null) {
            audit.record(AuditEntry.of("group.member.add").actor(user.userId(), user.login()).onGroup(result.groupIds().get(0))
                    .detail("{\"login\":" + jsonString(user.login()) + ",\"role\":\"owner\",\"auto\":true}").ip(ip));
        }
        response.sendRedirect("/admin?install=ok");
    }

    /** A super admin, or an owner of some group, or someone self-signup lets create one. */
    private boolean mayBindAny(Access scope) {
        return scope.superAdmin() || selfSignup.enabled()
                || snapshots.current().groups().stream().anyMatch(g -> scope.can(Capability.BIND_INSTALLATION, g.id()));
    }

    private static void refuseNonOwner(HttpServletRequest request, HttpServletResponse response) throws IOException {
        AuthAnswers.error(request, response, 403, "Only a super admin or an owner of a group may bind a GitHub App installation");
    }

    /** Why the caller may not have a new group {@code inst-{id}} made for them; null when they may. */
    private String newGroupRefusal(Access scope, long installationId) {
        if (scope.superAdmin()) {
            return null;
        }
        if (!selfSignup.enabled()) {
            return "Only a super admin creates new groups here (self-signup is off); bind the installation to a group you own";
        }
        if (snapshots.current().group("inst-" + installationId).isPresent()) {
            return "A group inst-" + installationId + " exists and is not yours";
        }
        if (ConfigRepository.ownedBy(snapshots.current().groups(), scope.user().userId()) >= selfSignup.groupsPerUser()) {
            return "You already own " + selfSignup.groupsPerUser() + " groups, the most a user may create here (MAX_GROUPS_PER_USER)";
        }
        return null;
    }

    /**
     * The installation when the caller's GitHub token sees it; otherwise the answer is written: sign in
     * again (no token, or GitHub refused it: the session ends), 403 (not theirs) or 502 (GitHub unreachable).
     */
    private Optional<GithubClient.Installation> verified(SignedIn caller, long installationId, HttpServletRequest request,
                                                                HttpServletResponse response) throws IOException {
        String again = GithubAuthorizationRequests.START_PATH + "?redirect="
                + URLEncoder.encode(INSTALL_PATH + "?installation_id=" + installationId, StandardCharsets.UTF_8);
        Optional<String> token = userTokens.accessToken(caller.user().userId());
        if (token.isEmpty()) {
            response.sendRedirect(again);
            return Optional.empty();
        }
        try {
            Optional<GithubClient.Installation> found = github.installation(token.get(), installationId);
            if (found.isEmpty()) {
                AuthAnswers.error(request, response, 403, "Your GitHub account cannot see installation " + installationId
                        + "; only someone who can manage it may bind it");
            }
            return found;
        } catch (GithubClient.LookupException e) {
            if (e.tokenRefused()) {
                userTokens.rejected(caller.user().userId());
                sessions.end(caller.sessionId());
                cookies.clear(response);
                response.sendRedirect(again);
            } else {
                AuthAnswers.error(request, response, 502, e.getMessage() + "; try again in a moment");
            }
            return Optional.empty();
        }
    }

    private static Long installationId(String value) {
        if (value == null || !value.trim().matches("[1-9][0-9]{0,17}")) {
            return null;
        }
        return Long.parseLong(value.trim());
    }

    private static String jsonString(String value) {
        return TextNode.valueOf(value).toString();
    }
}
