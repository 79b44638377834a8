package dev.webhooker.signin;

import java.time.Clock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.web.util.UriComponentsBuilder;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Whether a sign-in that lands on {@code /admin/invite?token=…} is on its way to a real invite: the token names
 * a pending, unexpired invite ({@code invite:{token}}) of a group that exists. Invites are links, not addressed
 * to an account: the invite is meant for whoever holds its link. Only then does a user without access get a
 * (invite-only) session; a made-up token gets none.
 */
final class InviteLinks {

    static final String PATH = "/admin/invite";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final ConfigSnapshots snapshots;
    private final Clock clock;

    InviteLinks(KvStore kv, ConfigSnapshots snapshots, Clock clock) {
        this.kv = kv;
        this.snapshots = snapshots;
        this.clock = clock;
    }

    /** True when {@code redirectTo} is the invite page with the token of a live invite into an existing group. */
    boolean leadsToValidInvite(String redirectTo) {
        if (redirectTo == null || !redirectTo.startsWith(PATH + "?")) {
            return false;
        }
        String token = UriComponentsBuilder.fromUriString(redirectTo).build().getQueryParams().getFirst("token");
        if (token == null || !token.matches("[0-9a-f]{64}")) {
            return false;
        }
        return kv.get(KvKeys.INVITE.key(token)).map(InviteLinks::parse).filter(invite -> invite != null
                && invite.path("expiresAt").asLong(0) > clock.millis()
                && snapshots.current().group(invite.path("groupId").asText("")).isPresent()).isPresent();
    }

    private static JsonNode parse(String value) {
        try {
            JsonNode node = JSON.readTree(value);
            return node.isObject() ? node : null;
        } catch (Exception e) {
            return null;
        }
    }
}
