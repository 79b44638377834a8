package dev.webhooker.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigJson;

/**
 * Migration 14.2: every chat that was already a target of a group (a route's target or the group's log) when chats
 * began to consent keeps taking that group's messages, as a claim {@code via upgrade}, so an upgrade holds back no
 * delivery that went out before it. It reads the stored JSON directly (no sealed field is involved); an unreadable
 * row is skipped and logged, and the group's targets to that chat are then held until the chat claims the group.
 */
public final class ExistingTargetsConsent implements JavaMigration {

    private static final Logger LOG = LoggerFactory.getLogger(ExistingTargetsConsent.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ConfigJson STORED = ConfigJson.forStorage();

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("14.2");
    }

    @Override
    public String getDescription() {
        return "chat claims for existing targets";
    }

    @Override
    public Integer getChecksum() {
        return 1402;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        Set<String> claims = new LinkedHashSet<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, group_id, targets FROM d1_routes")) {
            while (rs.next()) {
                String groupId = rs.getString("group_id");
                JsonNode targets = parse(rs.getString("targets"), "route " + groupId + "/" + rs.getString("id"));
                if (targets != null) {
                    targets.forEach(t -> add(claims, groupId, t));
                }
            }
        }
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, data FROM d1_groups")) {
            while (rs.next()) {
                JsonNode data = parse(rs.getString("data"), "group " + rs.getString("id"));
                if (data != null && data.path("logTarget").isObject()) {
                    add(claims, rs.getString("id"), data.path("logTarget"));
                }
            }
        }
        long now = System.currentTimeMillis();
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO chat_claims (group_id, platform, chat_id, chat_name, "
                + "granted_via, granted_by, created_at) VALUES (?, ?, ?, ?, 'upgrade', NULL, ?)")) {
            for (String claim : claims) {
                String[] parts = claim.split("\u0000", -1);
                insert.setString(1, parts[0]);
                insert.setString(2, parts[1]);
                insert.setString(3, parts[2]);
                insert.setString(4, parts[2].startsWith("@") ? parts[2].substring(1) : null);
                insert.setLong(5, now);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        if (!claims.isEmpty()) {
            LOG.info("Chat claims: {} chat(s) that were targets before the upgrade keep taking their group's messages", claims.size());
        }
    }

    private static void add(Set<String> claims, String groupId, JsonNode t) {
        // a target without a platform named got no claim from the upgrade
        if (groupId == null || t.hasNonNull("url") || t.path("platform").asText("").isEmpty()) {
            return;
        }
        Optional<ChatConsent.Chat> chat;
        try {
            chat = ChatConsent.chatOf(STORED.readTarget(t));
        } catch (RuntimeException unreadable) {
            return;
        }
        chat.filter(c -> c.id() != null && !c.id().isBlank())
                .ifPresent(c -> claims.add(groupId + "\u0000" + c.platform() + "\u0000" + c.id()));
    }

    private static JsonNode parse(String text, String what) {
        try {
            return text == null ? null : JSON.readTree(text);
        } catch (JsonProcessingException e) {
            LOG.warn("Chat claims: {} is not readable JSON; its chats get no claim from the upgrade", what);
            return null;
        }
    }
}
