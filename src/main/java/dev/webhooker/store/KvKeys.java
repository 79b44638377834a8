package dev.webhooker.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one catalogue of KV key patterns and their TTLs (the seed's storage layout).
 * Nothing else in the code base spells a KV key: callers write {@code KvKeys.NONCE.key(nonce)} and
 * {@code KvKeys.NONCE.ttl()}. Where the original's code and the seed disagree, the seed's TTL is used.
 * A {@code null} ttl means the entry never expires.
 *
 * <p>Patterns that share a literal prefix overlap when scanned: {@code invite:} also finds
 * {@code invite:group:…}, {@code msg:} also finds {@code msg:lock:…}. Scan with the most specific
 * {@link #prefix()}.
 */
public enum KvKeys {

    /** Route config cache; {@code d1_routes} is authoritative. */
    CONFIG_ROUTES("config:routes", Duration.ofHours(1)),
    /** Group config cache; {@code d1_groups} is authoritative. */
    CONFIG_GROUPS("config:groups", Duration.ofHours(1)),
    /** Admin session {@code {userId, login}}. */
    SESSION("session:{id}", Duration.ofDays(7)),
    /** GitHub token record; TTL follows the token, see {@link #tokenTtl(Duration)}. */
    TOKEN("token:{userId}", TtlRule.TOKEN_LIFETIME),
    /** User id by SHA-256 of the token; TTL follows the token, see {@link #tokenTtl(Duration)}. */
    TOKEN_REVERSE("token-reverse:{sha256}", TtlRule.TOKEN_LIFETIME),
    /** Pending OAuth state. */
    STATE("state:{hex}", Duration.ofSeconds(600)),
    INVITE("invite:{token}", Duration.ofDays(7)),
    /** Token index per group. */
    INVITE_GROUP("invite:group:{groupId}", Duration.ofDays(7)),
    /** Delivery dedup marker (SQL {@code dedup_keys} is primary); {@code groupId} is {@link #GLOBAL_SCOPE} on the global endpoint. */
    DELIVERY_DEDUP("delivery:{provider}:{groupId}:{deliveryId}", Duration.ofDays(7)),
    /** Delivery state (SQL {@code delivery_state} is primary). */
    DELIVERY_STATE("delivery-state:{provider}:{groupId}:{deliveryId}", Duration.ofHours(1)),
    /** Parked payload of the original's KV fallback; kept in the catalogue for completeness, not written by us. */
    QUEUE_PAYLOAD("queue:payload:{provider}:{groupId}:{deliveryId}", Duration.ofHours(1)),
    /** Custom-webhook replay nonce (single use). */
    NONCE("nonce:{nonce}", Duration.ofSeconds(600)),
    /** Per-group webhook secret. */
    TENANT("tenant:{groupId}", TtlRule.PERMANENT),
    /**
     * Ours: the group secret before a rotation, still accepted during the overlap asked for; the TTL here is
     * the longest overlap, each entry is written with its own.
     */
    TENANT_PREVIOUS("tenant-previous:{groupId}", Duration.ofDays(7)),
    /** Tracked platform message id; {@code eventId} = {@code {groupId}:{routeId}:{updateKey}} (message_tracking is primary). */
    MSG("msg:{eventId}:{targetId}", Duration.ofDays(1)),
    /** Lock around one tracked message's edit-or-send: the prefix {@code msg:lock:} followed by the {@link #MSG} key. */
    MSG_LOCK("msg:lock:msg:{eventId}:{targetId}", Duration.ofSeconds(60)),
    /** Lock around provisioning of one GitHub App installation. */
    INST_LOCK("inst:lock:{installationId}", Duration.ofSeconds(60)),
    /** Guild whose commands were registered. */
    CMD_GUILD("cmd:guild:{guildId}", TtlRule.PERMANENT),
    /** Global command registration marker. */
    CMD_REGISTERED_GLOBAL("cmd:registered:global", Duration.ofDays(1)),
    /** Cached Discord application id. */
    DISCORD_APP_ID("config:discord-app-id", TtlRule.PERMANENT),
    /** Translation overrides merged on top of English. */
    I18N("i18n:{lang}", TtlRule.PERMANENT),
    /** Ours: a {@code /gh login} from a chat, waiting for its user to sign in with GitHub and confirm. */
    CHAT_LINK("chat-link:{token}", Duration.ofSeconds(600)),
    /** Ours: a signed-in chat link waiting for the confirmation that names both accounts. */
    LINK_CONFIRM("link-confirm:{token}", Duration.ofSeconds(600)),
    /** Ours: what a Discord comment modal is about, kept server-side (a custom_id holds 100 characters). */
    MODAL("ghc:{id}", Duration.ofMinutes(15)),
    /** Ours: a claim code of a group, by its SHA-256, until {@code /gh claim} in a chat uses it (single use). */
    CHAT_CLAIM_CODE("chat-claim:{sha256}", Duration.ofMinutes(15)),
    /** Ours: a Discord interaction already answered (a replayed request runs nothing twice). */
    INTERACTION("interaction:{id}", Duration.ofMinutes(15)),
    /** Ours: a Telegram update already handled ({@code update_id}; Telegram resends unanswered ones for a day). */
    TELEGRAM_UPDATE("telegram-update:{updateId}", Duration.ofDays(1)),
    /** Ours: SHA-256 of the webhook settings telegram-sync last gave Telegram (getWebhookInfo hides the secret). */
    TELEGRAM_WEBHOOK("config:telegram-webhook", TtlRule.PERMANENT),
    /** Ours: the bot's username from getMe, for {@code /gh@bot} and private-chat links. */
    TELEGRAM_BOT("config:telegram-bot", Duration.ofDays(1));

    /** The {@code {groupId}} part of delivery keys on the global endpoint, which has no group. */
    public static final String GLOBAL_SCOPE = "global";

    /** Token keys never live shorter than this, however short the token's own lifetime. */
    public static final Duration MIN_TOKEN_TTL = Duration.ofSeconds(60);

    private enum TtlRule { FIXED, PERMANENT, TOKEN_LIFETIME }

    /** Holder: an enum's constructor cannot read the enum's own static fields. */
    private static final class Placeholders {
        static final Pattern PATTERN = Pattern.compile("\\{([A-Za-z0-9]+)}");
    }

    private final String pattern;
    private final Duration ttl;
    private final TtlRule rule;
    /** The literal text around the placeholders: always one more than {@link #parameters}. */
    private final List<String> literals;
    private final List<String> parameters;

    KvKeys(String pattern, Duration ttl) {
        this(pattern, ttl, TtlRule.FIXED);
    }

    KvKeys(String pattern, TtlRule rule) {
        this(pattern, null, rule);
    }

    KvKeys(String pattern, Duration ttl, TtlRule rule) {
        this.pattern = pattern;
        this.ttl = ttl;
        this.rule = rule;
        List<String> literalParts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Matcher m = Placeholders.PATTERN.matcher(pattern);
        int last = 0;
        while (m.find()) {
            literalParts.add(pattern.substring(last, m.start()));
            names.add(m.group(1));
            last = m.end();
        }
        literalParts.add(pattern.substring(last));
        this.literals = List.copyOf(literalParts);
        this.parameters = List.copyOf(names);
    }

    /** The seed's spelling, e.g. {@code nonce:{nonce}}. */
    public String pattern() {
        return pattern;
    }

    /** Names of the placeholders, in order. */
    public List<String> parameters() {
        return parameters;
    }

    /**
     * The key with {@code parts} in place of the placeholders, in order. Each part must be non-null and
     * non-empty, and the count must match: a wrong call is a bug, not data, so it fails loudly.
     */
    public String key(Object... parts) {
        if (parts.length != parameters.size()) {
            throw new IllegalArgumentException(name() + " (" + pattern + ") takes " + parameters.size()
                    + " part(s), got " + parts.length);
        }
        StringBuilder key = new StringBuilder(literals.get(0));
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i] == null ? null : parts[i].toString();
            if (part == null || part.isEmpty()) {
                throw new IllegalArgumentException(name() + ": {" + parameters.get(i) + "} must not be empty");
            }
            key.append(part).append(literals.get(i + 1));
        }
        return key.toString();
    }

    /** The literal text before the first placeholder (the whole key for fixed keys), for {@link KvStore#scan}. */
    public String prefix() {
        return literals.get(0);
    }

    /**
     * How long entries live; {@code null} means permanent. The token keys have no fixed TTL: use
     * {@link #tokenTtl(Duration)} for them (calling this throws, so a token is never stored forever by mistake).
     */
    public Duration ttl() {
        if (rule == TtlRule.TOKEN_LIFETIME) {
            throw new IllegalStateException(name() + " has no fixed TTL: use KvKeys.tokenTtl(tokenLifetime)");
        }
        return ttl;
    }

    public boolean permanent() {
        return rule == TtlRule.PERMANENT;
    }

    /** True for {@link #TOKEN} and {@link #TOKEN_REVERSE}, whose TTL comes from {@link #tokenTtl(Duration)}. */
    public boolean ttlFollowsTokenLifetime() {
        return rule == TtlRule.TOKEN_LIFETIME;
    }

    /**
     * TTL of {@link #TOKEN} and {@link #TOKEN_REVERSE}: 0.9 × the token's lifetime, so the cached token is
     * dropped before GitHub stops accepting it, but never less than {@link #MIN_TOKEN_TTL}.
     */
    public static Duration tokenTtl(Duration tokenLifetime) {
        if (tokenLifetime == null) {
            throw new IllegalArgumentException("token lifetime is required");
        }
        Duration scaled = Duration.ofMillis(Math.multiplyExact(tokenLifetime.toMillis(), 9) / 10);
        return scaled.compareTo(MIN_TOKEN_TTL) < 0 ? MIN_TOKEN_TTL : scaled;
    }

    /** The {@code {groupId}} part of the delivery keys: the group, or {@link #GLOBAL_SCOPE} when there is none. */
    public static String scope(String groupId) {
        return groupId == null || groupId.isEmpty() ? GLOBAL_SCOPE : groupId;
    }
}
