package dev.webhooker.signin;

/**
 * A {@code /gh login} from a chat: who asked ({@code chatUserId}, shown as {@code chatName}), and for
 * Telegram the chat it came from. Kept in KV {@code chat-link:{token}} for 600 s.
 */
record LinkRequest(String token, ChatPlatform platform, String chatUserId, String chatName, String chatId) {
}
