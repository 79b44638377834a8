package dev.webhooker.signin;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Starts a chat user's link: a random token in KV {@code chat-link:{token}} and the address they open in a
 * browser, {@code {BASE_URL}/auth/github?link={token}}. Opening it signs in with GitHub (bound to that
 * browser, as every sign-in) and ends on a page that names both accounts and asks for a confirmation; only
 * then is the link written. A link preview that fetches the address consumes nothing.
 */
public final class LinkRequests {

    static final Pattern TOKEN = Pattern.compile("[0-9a-f]{32}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final String baseUrl;
    private final boolean githubConfigured;
    private final SecureRandom random = new SecureRandom();

    LinkRequests(KvStore kv, String baseUrl, boolean githubConfigured) {
        this.kv = kv;
        this.baseUrl = baseUrl == null || baseUrl.isBlank() ? null : baseUrl.trim().replaceAll("/+$", "");
        this.githubConfigured = githubConfigured;
    }

    /**
     * Whether links can be made at all: they need GitHub sign-in (GITHUB_CLIENT_ID / _SECRET) and BASE_URL (the
     * address must point at this service).
     */
    public boolean available() {
        return baseUrl != null && githubConfigured;
    }

    /** A new request; the address to open, valid for 10 minutes. */
    public String begin(ChatPlatform platform, String chatUserId, String chatName, String chatId) {
        if (!available()) {
            throw new IllegalStateException("linking needs BASE_URL, GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET");
        }
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String token = HexFormat.of().formatHex(bytes);
        ObjectNode record = JSON.createObjectNode().put("platform", platform.name()).put("chatUserId", chatUserId)
                .put("chatName", chatName == null ? "" : chatName);
        if (chatId != null) {
            record.put("chatId", chatId);
        }
        kv.put(KvKeys.CHAT_LINK.key(token), record.toString(), KvKeys.CHAT_LINK.ttl());
        return baseUrl + GithubAuthorizationRequests.START_PATH + "?link=" + token;
    }

    Optional<LinkRequest> peek(String token) {
        return valid(token) ? kv.get(KvKeys.CHAT_LINK.key(token)).flatMap(value -> read(token, value)) : Optional.empty();
    }

    /** Single use: of two confirmations, one gets it. */
    Optional<LinkRequest> take(String token) {
        return valid(token) ? kv.take(KvKeys.CHAT_LINK.key(token)).flatMap(value -> read(token, value)) : Optional.empty();
    }

    static boolean valid(String token) {
        return token != null && TOKEN.matcher(token).matches();
    }

    private static Optional<LinkRequest> read(String token, String value) {
        try {
            JsonNode node = JSON.readTree(value);
            return Optional.of(new LinkRequest(token, ChatPlatform.valueOf(node.path("platform").asText()),
                    node.path("chatUserId").asText(), node.path("chatName").asText(""), node.path("chatId").asText(null)));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
