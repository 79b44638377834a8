package dev.webhooker.control;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Invitations into a group: KV {@code invite:{token}} = {@code {groupId, role, expiresAt,
 * createdBy, note?}}, a 64-hex token, 7 days by {@code expiresAt}. Accepting takes the record atomically,
 * so of any number of concurrent accepts exactly one gets it (single use). Listing scans
 * {@code invite:} — our KV stores list consistently, so WebHooker's {@code invite:group:{id}} index (a
 * read-modify-write that lost tokens under concurrency) is not written; its invites are still found and honoured.
 */
@Component
class Invites {

    static final Duration LIFETIME = KvKeys.INVITE.ttl();

    private static final Pattern TOKEN = Pattern.compile("[0-9a-f]{64}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    Invites(KvStore kv, ObjectProvider<Clock> clock) {
        this.kv = kv;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    record Invite(String token, String groupId, String role, long expiresAt, String createdBy, String note) {
    }

    /** Refused (empty) when the group already has {@code maxPending} pending invites (MAX_INVITES_PER_GROUP). */
    Optional<Invite> create(String groupId, String role, String createdBy, String note, int maxPending) {
        if (list(groupId).size() >= maxPending) {
            return Optional.empty();
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        Invite invite = new Invite(HexFormat.of().formatHex(bytes), groupId, role, clock.millis() + LIFETIME.toMillis(), createdBy, note);
        ObjectNode record = JSON.createObjectNode().put("groupId", groupId).put("role", role).put("expiresAt", invite.expiresAt())
                .put("createdBy", createdBy);
        if (note != null) {
            record.put("note", note);
        }
        kv.put(KvKeys.INVITE.key(invite.token()), record.toString(), LIFETIME);
        return Optional.of(invite);
    }

    /** The group's live invites, newest first. */
    List<Invite> list(String groupId) {
        List<Invite> found = new ArrayList<>();
        String indexPrefix = KvKeys.INVITE_GROUP.prefix();
        for (String key : kv.scan(KvKeys.INVITE.prefix())) {
            if (key.startsWith(indexPrefix)) {
                continue;
            }
            String token = key.substring(KvKeys.INVITE.prefix().length());
            find(token).filter(i -> i.groupId().equals(groupId)).ifPresent(found::add);
        }
        found.sort(Comparator.comparingLong(Invite::expiresAt).reversed());
        return found;
    }

    Optional<Invite> find(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        return kv.get(KvKeys.INVITE.key(token)).flatMap(value -> parse(token, value));
    }

    /** Takes the invite for good: of concurrent takes exactly one gets it. Expired ones are gone too. */
    Optional<Invite> take(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        return kv.take(KvKeys.INVITE.key(token)).flatMap(value -> parse(token, value));
    }

    /** Puts a taken invite back (its acceptance could not be saved). */
    void restore(Invite invite) {
        long left = invite.expiresAt() - clock.millis();
        if (left <= 0) {
            return;
        }
        ObjectNode record = JSON.createObjectNode().put("groupId", invite.groupId()).put("role", invite.role())
                .put("expiresAt", invite.expiresAt()).put("createdBy", invite.createdBy());
        if (invite.note() != null) {
            record.put("note", invite.note());
        }
        kv.put(KvKeys.INVITE.key(invite.token()), record.toString(), Duration.ofMillis(left));
    }

    /** A renamed group's pending invites now admit into it under its new id. */
    void moveGroup(String groupId, String newGroupId) {
        for (Invite invite : list(groupId)) {
            restore(new Invite(invite.token(), newGroupId, invite.role(), invite.expiresAt(), invite.createdBy(), invite.note()));
        }
    }

    void revoke(String token) {
        kv.delete(KvKeys.INVITE.key(token));
    }

    /** Every pending invite of a deleted group goes: none may admit into a later group of the same id. */
    void revokeAll(String groupId) {
        list(groupId).forEach(invite -> revoke(invite.token()));
        kv.delete(KvKeys.INVITE_GROUP.key(groupId));
    }

    private Optional<Invite> parse(String token, String value) {
        try {
            JsonNode node = JSON.readTree(value);
            Invite invite = new Invite(token, node.path("groupId").asText(null), node.path("role").asText(null),
                    node.path("expiresAt").asLong(0), node.path("createdBy").asText(null), node.path("note").asText(null));
            if (invite.groupId() == null || invite.expiresAt() <= clock.millis()) {
                return Optional.empty();
            }
            return Optional.of(invite);
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
