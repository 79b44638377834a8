package dev.webhooker.platform.discord;

/**
 * A pull request's or issue's thread on Discord, as its root is kept: a thread started on a message in a text channel
 * (stored as that message's id, which is also the thread's), or a post in a forum or media channel
 * ({@code post:<thread id>}). A thread is a channel of its own either way; they differ in where their first message
 * is: a thread started on a message leaves it in the parent channel, a post's first message is in the post.
 */
record DiscordThread(String channelId, boolean post) {

    private static final String POST = "post:";

    static DiscordThread of(String root) {
        return root.startsWith(POST) ? new DiscordThread(root.substring(POST.length()), true) : new DiscordThread(root, false);
    }

    /** The root kept for the post whose thread is {@code threadId}. */
    static String postRoot(String threadId) {
        return POST + threadId;
    }

    /** The channel where the thread's message {@code messageId} is, with {@code parent} the target's channel. */
    String channelOf(String messageId, String parent) {
        return !post && channelId.equals(messageId) ? parent : channelId;
    }
}
