package dev.webhooker.signin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;

/**
 * Which GitHub account a Discord or Telegram user acts as: the seed's {@code discord_links} and
 * {@code telegram_links}. Written only by a confirmed link (OAuth callback, then the user's confirmation),
 * removed by {@code /gh logout}; both are audited. The stored GitHub token is untouched by either.
 */
public final class AccountLinks {

    private final JdbcTemplate jdbc;
    private final AuditLog audit;

    public AccountLinks(JdbcTemplate jdbc, AuditLog audit) {
        this.jdbc = jdbc;
        this.audit = audit;
    }

    /** The linked GitHub user id. */
    public Optional<String> githubUserOf(ChatPlatform platform, String chatUserId) {
        List<String> ids = jdbc.queryForList("SELECT github_user_id FROM " + platform.table() + " WHERE " + platform.column() + " = ?",
                String.class, chatUserId);
        return ids.stream().findFirst();
    }

    /** The chat accounts linked to the GitHub user, by the platform's target name ({@code discord}, {@code telegram}). */
    public Map<String, String> chatUsersOf(String githubUserId) {
        Map<String, String> accounts = new LinkedHashMap<>();
        for (ChatPlatform platform : ChatPlatform.values()) {
            jdbc.queryForList("SELECT " + platform.column() + " FROM " + platform.table() + " WHERE github_user_id = ?"
                    + " ORDER BY " + platform.column(), String.class, githubUserId).stream().findFirst()
                    .ifPresent(id -> accounts.put(platform.auditName(), id));
        }
        return accounts;
    }

    /** Links (or re-links) {@code chatUserId} to the GitHub user. */
    void link(ChatPlatform platform, String chatUserId, String githubUserId, String githubLogin) {
        upsert(platform, chatUserId, githubUserId);
        audit.record(AuditEntry.of(platform.auditName() + ".link").actor(githubUserId, githubLogin)
                .target(platform.auditName() + "_user", chatUserId));
    }

    /** Removes the link; false when there was none. */
    public boolean unlink(ChatPlatform platform, String chatUserId) {
        Optional<String> githubUser = githubUserOf(platform, chatUserId);
        int removed = jdbc.update("DELETE FROM " + platform.table() + " WHERE " + platform.column() + " = ?", chatUserId);
        if (removed > 0) {
            audit.record(AuditEntry.of(platform.auditName() + ".unlink").actor(githubUser.orElse(null), null)
                    .target(platform.auditName() + "_user", chatUserId));
        }
        return removed > 0;
    }

    /** Statement by statement (no transaction): a lost insert race must leave the connection usable for the update. */
    private void upsert(ChatPlatform platform, String chatUserId, String githubUserId) {
        String update = "UPDATE " + platform.table() + " SET github_user_id = ? WHERE " + platform.column() + " = ?";
        if (jdbc.update(update, githubUserId, chatUserId) > 0) {
            return;
        }
        try {
            jdbc.update("INSERT INTO " + platform.table() + " (" + platform.column() + ", github_user_id) VALUES (?, ?)", chatUserId,
                    githubUserId);
        } catch (DuplicateKeyException concurrent) {
            jdbc.update(update, githubUserId, chatUserId);
        }
    }
}
