package dev.webhooker.actions;

import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.github.GithubClient;

/**
 * Runs an {@link Action} as a GitHub user: Gitea targets are refused (no Gitea account can be linked), writes
 * are counted against the user's rate limit, the call uses the user's own stored token, a 401 makes the
 * token forgotten, and every write, done or refused, leaves an audit entry naming who, what, through which
 * channel and the outcome (never the comment text).
 */
public final class GithubActions {

    private static final Logger LOG = LoggerFactory.getLogger(GithubActions.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ActionCalls calls;
    private final UserTokens tokens;
    private final ActionRateLimit limit;
    private final AuditLog audit;

    GithubActions(GithubClient github, UserTokens tokens, ActionRateLimit limit, AuditLog audit) {
        this.calls = new ActionCalls(github);
        this.tokens = tokens;
        this.limit = limit;
        this.audit = audit;
    }

    /**
     * @param via where the action came from (api, discord, telegram), for the audit
     * @param ip the caller's address when known (the API), else null
     */
    public ActionOutcome perform(String githubUserId, Action action, String via, String ip) {
        ActionOutcome outcome = attempt(githubUserId, action);
        if (action.kind().writes()) {
            record(githubUserId, action, via, ip, outcome);
        }
        return outcome;
    }

    public String login(String githubUserId) {
        return tokens.login(githubUserId);
    }

    private ActionOutcome attempt(String githubUserId, Action action) {
        if (action.target() != null && action.target().forge() != ForgeLink.Forge.GITHUB) {
            return ActionOutcome.refused(ActionError.UNSUPPORTED_FORGE);
        }
        if (action.kind().writes() && !limit.tryTake(githubUserId)) {
            return ActionOutcome.refused(ActionError.RATE_LIMITED);
        }
        Optional<String> token = tokens.accessToken(githubUserId);
        if (token.isEmpty()) {
            return ActionOutcome.refused(ActionError.TOKEN_EXPIRED);
        }
        GithubClient.Reply reply = calls.perform(token.get(), action);
        if (reply.ok()) {
            return ActionOutcome.done(reply.body());
        }
        if (reply.status() == 401) {
            tokens.rejected(githubUserId);
        }
        ActionError error = ActionCalls.classify(reply);
        if (error == ActionError.UNAVAILABLE) {
            LOG.warn("GitHub {} for {} of user {}: {}", reply.status() == 0 ? "did not answer" : "answered " + reply.status(),
                    action.kind(), githubUserId, action.target() == null ? "" : action.target().reference());
        }
        return ActionOutcome.refused(error, ActionCalls.explanation(reply));
    }

    private void record(String githubUserId, Action action, String via, String ip, ActionOutcome outcome) {
        ObjectNode detail = JSON.createObjectNode().put("via", via).put("result", outcome.ok() ? "ok" : outcome.error().name());
        if (action.kind() == Action.Kind.MERGE || action.kind() == Action.Kind.REACT) {
            detail.put(action.kind() == Action.Kind.MERGE ? "method" : "reaction", action.text());
        }
        audit.record(AuditEntry.of(action.kind().auditAction())
                .actor(githubUserId, tokens.login(githubUserId))
                .target(action.auditTargetType(), action.auditTargetId())
                .detail(detail.toString())
                .ip(ip));
    }
}
