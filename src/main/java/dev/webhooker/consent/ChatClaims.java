package dev.webhooker.consent;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.secrets.Sha256;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * How a chat comes to accept a group's messages, and stops. A group's admin asks for a code ({@link #issueCode}); someone
 * who administers the chat types {@code /gh claim <code>} there ({@link #redeem}: the chat command has checked that
 * they do); or a super admin approves the chat ({@link #approve}). Every change is audited in its transaction.
 */
public class ChatClaims {

    /** A code is read from the console and typed in a chat, so it lives a quarter of an hour. */
    static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    private static final int CODE_LENGTH = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final KvStore kv;
    private final AuditLog audit;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public ChatClaims(ConfigRepository repository, ConfigSnapshots snapshots, KvStore kv, AuditLog audit, Clock clock) {
        this.repository = repository;
        this.snapshots = snapshots;
        this.kv = kv;
        this.audit = audit;
        this.clock = clock;
    }

    /** A code shown once, to be typed in a chat as {@code /gh claim CODE}. */
    public record IssuedCode(String code, Instant expiresAt) {
    }

    /** Where a redeemed code came from, and whether the chat had claimed that group before. */
    public record Redeemed(String groupId, String groupName, boolean fresh) {
    }

    /** The chat that types a code: its platform, id, public name (or null) and who typed it. */
    public record ClaimingChat(String platform, String chatId, String chatName, String userId, String userName) {
    }

    /** A new single-use code for {@code groupId}, issued by a signed-in admin of it. */
    public IssuedCode issueCode(String groupId, String userId, String login, String ip) {
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < CODE_LENGTH; i++) {
            code.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        String value = JsonNodeFactory.instance.objectNode().put("groupId", groupId).put("issuedBy", login).toString();
        kv.put(KvKeys.CHAT_CLAIM_CODE.key(hash(code.toString())), value, KvKeys.CHAT_CLAIM_CODE.ttl());
        audit.record(AuditEntry.of("chat.claim-code").actor(userId, login).onGroup(groupId).ip(ip));
        String shown = code.substring(0, 4) + "-" + code.substring(4, 8) + "-" + code.substring(8);
        return new IssuedCode(shown, clock.instant().plus(KvKeys.CHAT_CLAIM_CODE.ttl()));
    }

    /**
     * Uses up {@code code} for the chat that typed it: the chat accepts that group's messages from now on. Empty when
     * the code is unknown, used or expired, or its group is gone.
     */
    public Optional<Redeemed> redeem(String code, ClaimingChat chat) {
        String normal = code == null ? "" : code.toUpperCase(Locale.ROOT).replaceAll("[\\s-]", "");
        if (normal.length() != CODE_LENGTH) {
            return Optional.empty();
        }
        Optional<String> stored = kv.take(KvKeys.CHAT_CLAIM_CODE.key(hash(normal)));
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        String groupId = groupOf(stored.get());
        if (groupId == null) {
            return Optional.empty();
        }
        ChatClaim claim = new ChatClaim(groupId, chat.platform(), chat.chatId(), chat.chatName(), ChatClaim.Via.CHAT,
                chat.platform() + ":" + chat.userId(), clock.millis());
        boolean fresh;
        try {
            fresh = repository.claimChat(claim, () -> audit.record(AuditEntry.of("chat.claim")
                    .actor(chat.platform() + ":" + chat.userId(), chat.userName()).onGroup(groupId)
                    .detail(detail(chat.platform(), chat.chatId()))));
        } catch (java.util.NoSuchElementException groupGone) {
            return Optional.empty();
        }
        // the repository's write has refreshed the snapshot already
        String name = snapshots.current().group(groupId).map(g -> g.name()).orElse(groupId);
        return Optional.of(new Redeemed(groupId, name, fresh));
    }

    /** A super admin's approval: the chat accepts {@code groupId}'s messages without a code typed there. */
    public boolean approve(String groupId, String platform, String chatId, String userId, String login, String ip) {
        // a public @name (Telegram's) is case-insensitive: kept in one form
        String id = chatId.startsWith("@") ? chatId.toLowerCase(Locale.ROOT) : chatId;
        ChatClaim claim = new ChatClaim(groupId, platform, id, id.startsWith("@") ? id : null, ChatClaim.Via.OPERATOR, login,
                clock.millis());
        boolean fresh = repository.claimChat(claim, () -> audit.record(AuditEntry.of("chat.approve").actor(userId, login)
                .onGroup(groupId).detail(detail(platform, id)).ip(ip)));
        return fresh;
    }

    /** Takes a chat's consent back; the group's targets to it are held from the next delivery on. */
    public boolean revoke(String groupId, String platform, String chatId, String userId, String login, String ip) {
        boolean removed = repository.revokeChat(groupId, platform, chatId, () -> audit.record(AuditEntry.of("chat.revoke")
                .actor(userId, login).onGroup(groupId).detail(detail(platform, chatId)).ip(ip)));
        return removed;
    }

    /** The chats that accept {@code groupId}'s messages, oldest first. */
    public List<ChatClaim> of(String groupId) {
        return snapshots.current().consent().claimsOf(groupId);
    }

    private static String detail(String platform, String chatId) {
        return JsonNodeFactory.instance.objectNode().put("platform", platform).put("chatId", chatId).toString();
    }

    private static String groupOf(String stored) {
        try {
            JsonNode node = JSON.readTree(stored);
            String groupId = node.path("groupId").asText("");
            return groupId.isEmpty() ? null : groupId;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** Codes are kept by their SHA-256: whoever reads the KV store cannot redeem one. */
    private static String hash(String code) {
        return Sha256.hex(code);
    }
}
