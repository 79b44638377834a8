package dev.webhooker.routing;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

/**
 * Where a message goes: a Discord channel (optionally a thread), a Telegram chat (optionally a topic), a webhook
 * endpoint of the team's own ({@link Webhook}), a Slack channel (by the bot, {@code channelId} and optionally a thread
 * {@code threadId}, or by an incoming webhook, whose URL is the {@code webhook}'s) or a Teams channel (a workflow or
 * incoming-webhook URL, likewise). A validated target carries only its own platform's fields.
 */
public record Target(Platform platform, String channelId, String threadId, String chatId, String topicId, Webhook webhook) {

    public enum Platform {
        DISCORD, TELEGRAM, WEBHOOK, SLACK, TEAMS;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /**
         * Whether a tracked message can be edited in place (CI runs): a webhook receiver gets every event, and a Teams
         * workflow posts without giving back a message to edit (Slack: see {@link Target#editsInPlace()}).
         */
        public boolean editsInPlace() {
            return this == DISCORD || this == TELEGRAM || this == SLACK;
        }

        /** Whether it can carry a group's text log (written for Discord and Telegram). */
        public boolean chat() {
            return this == DISCORD || this == TELEGRAM;
        }
    }

    /** What a webhook receiver gets: the event as it came in, or the neutral message webhooker made of it. */
    public enum BodyFormat {
        EVENT, MESSAGE;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A webhook endpoint: the URL, the Standard Webhooks secrets that sign every post ({@code whsec_…}, the new one
     * first while a rotation lasts; held in clear here, sealed wherever they are stored or shown), static headers,
     * the body format and the timeout of one call (null: the default). A dry run's answer shows the target through
     * Jackson, to viewers too: the secrets are left out, the URL (the credential of a Slack or Teams channel, and often
     * of a webhook) is shown as its scheme and host, and header values (Authorization…) are withheld.
     */
    public record Webhook(@JsonSerialize(using = HostOnly.class) String url, @JsonIgnore List<String> secrets,
                          @JsonSerialize(contentUsing = Withheld.class) Map<String, String> headers, BodyFormat format,
                          Integer timeoutSeconds) {

        public Webhook {
            secrets = secrets == null ? List.of() : List.copyOf(secrets);
            headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(headers));
            format = format == null ? BodyFormat.EVENT : format;
        }

        @Override
        public String toString() {
            // neither the URL (it may hold a token) nor a secret goes into a log line
            return "Webhook[" + hostOf(url) + ", " + secrets.size() + " secret(s), " + format.wireName() + "]";
        }
    }

    /** A chat target, as every target was before webhook endpoints. */
    public Target(Platform platform, String channelId, String threadId, String chatId, String topicId) {
        this(platform, channelId, threadId, chatId, topicId, null);
    }

    public static Target discord(String channelId, String threadId) {
        return new Target(Platform.DISCORD, channelId, threadId, null, null);
    }

    public static Target telegram(String chatId, String topicId) {
        return new Target(Platform.TELEGRAM, null, null, chatId, topicId);
    }

    public static Target webhook(Webhook webhook) {
        return new Target(Platform.WEBHOOK, null, null, null, null, webhook);
    }

    /** A Slack channel the bot (SLACK_TOKEN) posts to; {@code threadTs} answers in a thread. */
    public static Target slack(String channelId, String threadTs) {
        return new Target(Platform.SLACK, channelId, threadTs, null, null, null);
    }

    /** A Slack incoming webhook or a Teams workflow / incoming webhook: only its URL. */
    public static Target posting(Platform platform, String url) {
        return new Target(platform, null, null, null, null, new Webhook(url, List.of(), Map.of(), BodyFormat.MESSAGE, null));
    }

    /** In place for CI runs: Discord, Telegram and a Slack channel of the bot; never through a URL of its own. */
    public boolean editsInPlace() {
        return platform.editsInPlace() && webhook == null;
    }

    /**
     * The target id string used in logs, tracking and the group log: {@code channel[/thread]} (Discord and the Slack
     * bot), {@code chat[/topic]}, or for a URL (webhook, Slack incoming webhook, Teams) its host and a short hash of the whole URL ({@code hooks.example.com#1a2b3c4d}), which tells
     * two endpoints on one host apart without writing a path or query (where tokens live) into a log.
     */
    public String id() {
        return switch (platform) {
            case DISCORD -> channelId + (threadId == null || threadId.isEmpty() ? "" : "/" + threadId);
            case TELEGRAM -> chatId + (topicId == null || topicId.isEmpty() ? "" : "/" + topicId);
            case WEBHOOK, TEAMS -> webhookId(webhook == null ? "" : webhook.url());
            case SLACK -> webhook != null ? webhookId(webhook.url())
                    : channelId + (threadId == null || threadId.isEmpty() ? "" : "/" + threadId);
        };
    }

    /**
     * Whether it is an HTTP endpoint of its own (a URL) rather than a chat on a bot's platform: such a target is
     * disabled when it keeps failing (delivery.FailureStreak).
     */
    public boolean endpoint() {
        return webhook != null;
    }

    @Override
    public String toString() {
        return "Target[" + (platform == null ? "?" : platform.wireName()) + " " + (platform == null ? "" : id()) + "]";
    }

    /** A URL as {@code https://host/…}: enough to tell where it goes, nothing of the path or query, where tokens live. */
    static final class HostOnly extends JsonSerializer<String> {
        @Override
        public void serialize(String url, JsonGenerator out, SerializerProvider provider) throws java.io.IOException {
            String scheme;
            try {
                scheme = url == null ? null : URI.create(url).getScheme();
            } catch (IllegalArgumentException e) {
                scheme = null;
            }
            out.writeString((scheme == null ? "" : scheme + "://") + hostOf(url) + "/…");
        }
    }

    /** A value that is not shown at all. */
    static final class Withheld extends JsonSerializer<String> {
        @Override
        public void serialize(String value, JsonGenerator out, SerializerProvider provider) throws java.io.IOException {
            out.writeString("(withheld)");
        }
    }

    private static String webhookId(String url) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return hostOf(url) + "#" + HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static String hostOf(String url) {
        try {
            String host = url == null ? null : URI.create(url).getHost();
            return host == null ? "?" : host;
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }
}
