package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetPlatforms;
import dev.webhooker.signin.RequestAccess;

/**
 * A group's chats: which chats accept its messages and how ({@code GET …/chats}, with the targets still waiting for
 * theirs), a claim code for {@code /gh claim} (its admins), a super admin's approval of a chat, and revoking a claim
 * (its admins), each audited. Claims are not part of the config file, so sync mode does not refuse them.
 */
@RestController
class ChatClaimsController {

    private final RequestAccess access;
    private final ChatClaims claims;
    private final ConfigSnapshots snapshots;

    ChatClaimsController(RequestAccess access, ChatClaims claims, ConfigSnapshots snapshots) {
        this.access = access;
        this.claims = claims;
        this.snapshots = snapshots;
    }

    @GetMapping("/admin/api/groups/{id}/chats")
    Map<String, Object> list(@PathVariable String id, HttpServletRequest request) {
        access.of(request).orElseThrow().require(Capability.VIEW, id);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("claims", claims.of(id).stream().map(ChatClaimsController::claim).toList());
        body.put("waiting", WaitingChats.of(snapshots.current(), id::equals));
        return body;
    }

    @PostMapping("/admin/api/groups/{id}/chats/code")
    ResponseEntity<Map<String, Object>> code(@PathVariable String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.EDIT_ROUTES, id);
        ChatClaims.IssuedCode issued = claims.issueCode(id, scope.user().userId(), scope.user().login(), request.getRemoteAddr());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", issued.code());
        body.put("command", "/gh claim " + issued.code());
        body.put("expiresAt", issued.expiresAt().toEpochMilli());
        return ResponseEntity.status(HttpStatus.CREATED).body(body);
    }

    @PostMapping("/admin/api/groups/{id}/chats")
    ResponseEntity<Map<String, Object>> approve(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.VIEW, id);
        if (!scope.superAdmin()) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden",
                    "only super admins approve a chat; the chat itself can claim the group with /gh claim and a code");
        }
        TargetPlatform platform = platform(body == null ? null : body.get("platform"));
        String chatId = chatId(platform, body.get("chatId"));
        boolean fresh = claims.approve(id, platform.name(), chatId, scope.user().userId(), scope.user().login(), request.getRemoteAddr());
        return ResponseEntity.status(fresh ? HttpStatus.CREATED : HttpStatus.OK).body(Map.of("ok", true, "created", fresh));
    }

    @DeleteMapping("/admin/api/groups/{id}/chats/{platform}/{chatId}")
    Map<String, Object> revoke(@PathVariable String id, @PathVariable String platform, @PathVariable String chatId,
                               HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.EDIT_ROUTES, id);
        String which = platform(com.fasterxml.jackson.databind.node.TextNode.valueOf(platform)).name();
        if (!claims.revoke(id, which, chatId, scope.user().userId(), scope.user().login(), request.getRemoteAddr())) {
            throw new java.util.NoSuchElementException(which + " chat " + chatId + " has not claimed group " + id);
        }
        return Map.of("ok", true);
    }

    /** A platform whose targets are chats of a bot (those need a chat's consent). */
    private static TargetPlatform platform(JsonNode value) {
        String name = value == null || !value.isTextual() ? "" : value.asText().toLowerCase(Locale.ROOT);
        return TargetPlatforms.find(name).filter(TargetPlatform::hasBotChats).orElseThrow(() -> AdminApiException.badField(
                "Invalid chat", "platform", TargetPlatforms.names(TargetPlatform::hasBotChats) + " (a chat of the bot)"));
    }

    private static String chatId(TargetPlatform platform, JsonNode value) {
        String id = value == null || !value.isTextual() ? "" : value.asText().strip();
        String problem = id.isBlank() ? "required" : platform.chatIdProblem(id);
        if (problem != null) {
            throw AdminApiException.badField("Invalid chat", "chatId", problem);
        }
        return id;
    }

    private static Map<String, Object> claim(ChatClaim claim) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("platform", claim.platform());
        out.put("chatId", claim.chatId());
        out.put("chatName", claim.chatName() == null ? null : "@" + claim.chatName());
        out.put("via", claim.via().wireName());
        out.put("grantedBy", claim.grantedBy());
        out.put("createdAt", claim.createdAt());
        return out;
    }
}
