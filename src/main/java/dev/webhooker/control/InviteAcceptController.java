package dev.webhooker.control;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Role;
import dev.webhooker.access.ScopeResolver;
import dev.webhooker.access.SessionUser;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.signin.SignedIn;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.StaleVersionException;
import dev.webhooker.web.HtmlPage;

/**
 * Accepting an invite link: {@code GET /admin/invite?token=…} signs the user in first (a live invite gets an
 * invite-only session without access), then shows what they are joining; only the form's {@code POST /admin/invite/accept}
 * (Origin-checked) joins, so a link opened by a crawler or another site changes nothing. The invite is
 * taken atomically, so it admits one person however many accept at once. The new member is pinned to
 * their GitHub id. An existing member keeps their role, except that a viewer accepting an admin invite
 * becomes admin.
 */
@RestController
class InviteAcceptController {

    private static final int SAVE_TRIES = 3;

    private final Invites invites;
    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final AuditLog audit;

    InviteAcceptController(Invites invites, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                           AuditLog audit) {
        this.invites = invites;
        this.repository = repository;
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.audit = audit;
    }

    @GetMapping("/admin/invite")
    void confirm(@RequestParam(name = "token", required = false) String token, HttpServletResponse response) throws IOException {
        if (token == null || token.isBlank()) {
            response.sendRedirect("/admin");
            return;
        }
        if (RequestAccess.sessionCaller().isEmpty()) {
            response.sendRedirect("/auth/github?redirect=" + URLEncoder.encode("/admin/invite?token=" + token, StandardCharsets.UTF_8));
            return;
        }
        Optional<Invites.Invite> invite = invites.find(token);
        if (invite.isEmpty()) {
            response.sendRedirect("/admin?invite=invalid");
            return;
        }
        Optional<Group> group = snapshots.current().group(invite.get().groupId());
        if (group.isEmpty()) {
            response.sendRedirect("/admin?invite=group-missing");
            return;
        }
        String body = "<p>@" + HtmlUtils.htmlEscape(invite.get().createdBy() == null ? "someone" : invite.get().createdBy())
                + " invites you to <b>" + HtmlUtils.htmlEscape(group.get().name()) + "</b> as <b>" + HtmlUtils.htmlEscape(invite.get().role())
                + "</b>.</p>"
                + (invite.get().note() == null ? "" : "<p>" + HtmlUtils.htmlEscape(invite.get().note()) + "</p>")
                + "<form method=\"post\" action=\"/admin/invite/accept\"><input type=\"hidden\" name=\"token\" value=\""
                + HtmlUtils.htmlEscape(token) + "\"><button type=\"submit\">Join</button></form>";
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(HtmlPage.render("Join a group", body).getBytes(StandardCharsets.UTF_8));
    }

    @PostMapping("/admin/invite/accept")
    void accept(@RequestParam(name = "token", required = false) String token, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        Optional<SignedIn> caller = RequestAccess.sessionCaller();
        if (caller.isEmpty()) {
            response.sendRedirect("/auth/github?redirect=" + URLEncoder.encode("/admin/invite?token=" + token, StandardCharsets.UTF_8));
            return;
        }
        Optional<Invites.Invite> taken = invites.take(token);
        if (taken.isEmpty()) {
            response.sendRedirect("/admin?invite=invalid");
            return;
        }
        Invites.Invite invite = taken.get();
        try {
            configWrites.requireAllowed(invite.groupId());
        } catch (AdminApiException e) {
            // a group of the sync-mode config file: its members are the file's; the invite stays usable
            invites.restore(invite);
            page(response, 409, "The invite cannot be accepted here", e.detail());
            return;
        }
        SessionUser user = caller.get().user();
        try {
            if (!join(invite, user, request.getRemoteAddr())) {
                response.sendRedirect("/admin?invite=group-missing");
                return;
            }
        } catch (InvalidConfigException e) {
            // the group as it would be with the new member is refused (a limit, say): the invite stays usable
            invites.restore(invite);
            page(response, 409, "The invite cannot be accepted", e.errors().get(0).message());
            return;
        } catch (StaleVersionException e) {
            invites.restore(invite);
            page(response, 409, "The group was being changed", "Others changed the group at the same moment; open the link again.");
            return;
        } catch (RuntimeException e) {
            invites.restore(invite);
            throw e;
        }
        response.sendRedirect("/admin?invite=ok");
    }

    /** Every step of accepting is a page a person reads, never an API error. */
    private static void page(HttpServletResponse response, int status, String title, String detail) throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(HtmlPage.render(title, "<p>" + HtmlUtils.htmlEscape(detail) + "</p><p><a href=\"/admin\">"
                + "Back to the console</a></p>").getBytes(StandardCharsets.UTF_8));
    }

    /** Adds or raises the member; false when the group is gone. Retries when another write came first. */
    private boolean join(Invites.Invite invite, SessionUser user, String ip) {
        for (int attempt = 1; ; attempt++) {
            Optional<ConfigRepository.VersionedGroup> stored = repository.findGroup(invite.groupId());
            if (stored.isEmpty()) {
                return false;
            }
            Group group = stored.get().group();
            List<Group.Member> members = new ArrayList<>(group.members());
            Role current = ScopeResolver.roleIn(group, user);
            if (current == null) {
                members.add(new Group.Member(user.login(), invite.role(), user.userId()));
            } else if (current == Role.VIEWER && "admin".equals(invite.role())) {
                members.replaceAll(m -> ScopeResolver.matches(m, user) ? new Group.Member(m.login(), "admin", user.userId()) : m);
            }
            String detail = "{\"role\":\"" + invite.role() + "\"}";
            try {
                repository.updateGroup(group.withMembers(members), stored.get().version(), () -> audit.record(
                        AuditEntry.of("invite.accept").actor(user.userId(), user.login()).onGroup(group.id()).detail(detail).ip(ip)));
                snapshots.refresh();
                return true;
            } catch (StaleVersionException e) {
                if (attempt >= SAVE_TRIES) {
                    throw e;
                }
            }
        }
    }
}
