package dev.webhooker.maintenance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.platform.ApiReply;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.discord.DiscordCommandTree;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The discord-sync job: registers the command tree globally and in every guild the bot is in, by bulk overwrite,
 * through the {@link DiscordClient}. The markers {@code cmd:registered:global} (1 day) and
 * {@code cmd:guild:{id}} (permanent) only save calls; their value is the payload's hash, so a changed
 * command tree is sent again instead of being frozen by an old marker.
 */
public class DiscordSync {

    private static final Logger log = LoggerFactory.getLogger(DiscordSync.class);

    private static final int GUILD_PAGE = 200;

    public enum Result { SKIPPED, OK, PARTIAL, ERROR }

    private final DiscordClient discord;
    private final KvStore kv;
    private final ObjectMapper mapper;
    private final String configuredAppId;

    public DiscordSync(DiscordClient discord, KvStore kv, ObjectMapper mapper, String configuredAppId) {
        this.discord = discord;
        this.kv = kv;
        this.mapper = mapper;
        this.configuredAppId = blankToNull(configuredAppId);
    }

    static String guildMarkerKey(String guildId) {
        return KvKeys.CMD_GUILD.key(guildId);
    }

    static final String GLOBAL_MARKER_KEY = KvKeys.CMD_REGISTERED_GLOBAL.key();
    static final String APP_ID_KEY = KvKeys.DISCORD_APP_ID.key();

    public Result run() {
        if (!discord.hasToken()) {
            log.info("discord-sync skipped: DISCORD_TOKEN is not set");
            return Result.SKIPPED;
        }
        try {
            Optional<String> appId = applicationId();
            if (appId.isEmpty()) {
                return Result.ERROR;
            }
            String hash = DiscordCommandTree.payloadHash(mapper);
            boolean globalOk = registerGlobally(appId.get(), hash);
            int[] guilds = registerInGuilds(appId.get(), hash);
            log.info("discord-sync: global {}, guilds registered {}, unchanged {}, failed {}",
                    globalOk ? "ok" : "failed", guilds[0], guilds[1], guilds[2]);
            return globalOk && guilds[2] == 0 ? Result.OK : Result.PARTIAL;
        } catch (IOException | RuntimeException e) {
            log.warn("discord-sync failed: {}", e.toString());
            return Result.ERROR;
        }
    }

    /** DISCORD_APPLICATION_ID, else the cached id, else asked from Discord and cached without expiry. */
    private Optional<String> applicationId() throws IOException {
        if (configuredAppId != null) {
            return Optional.of(configuredAppId);
        }
        Optional<String> cached = kv.get(APP_ID_KEY).filter(id -> !id.isBlank());
        if (cached.isPresent()) {
            return cached;
        }
        ApiReply reply = discord.application();
        String id = reply.ok() ? reply.body().path("id").asText("") : "";
        if (id.isBlank()) {
            log.warn("discord-sync: cannot resolve the application id ({}); set DISCORD_APPLICATION_ID", reply.reason());
            return Optional.empty();
        }
        kv.put(APP_ID_KEY, id, KvKeys.DISCORD_APP_ID.ttl());
        return Optional.of(id);
    }

    private boolean registerGlobally(String appId, String hash) throws IOException {
        if (kv.get(GLOBAL_MARKER_KEY).filter(hash::equals).isPresent()) {
            return true;
        }
        ApiReply reply = discord.overwriteCommands(appId, null, DiscordCommandTree.payload());
        if (!reply.ok()) {
            log.warn("discord-sync: global registration failed: {}", reply.reason());
            return false;
        }
        kv.put(GLOBAL_MARKER_KEY, hash, KvKeys.CMD_REGISTERED_GLOBAL.ttl());
        return true;
    }

    /** Returns {registered, unchanged, failed}. */
    private int[] registerInGuilds(String appId, String hash) throws IOException {
        int[] counts = new int[3];
        for (String guildId : guildIds()) {
            String marker = guildMarkerKey(guildId);
            if (kv.get(marker).filter(hash::equals).isPresent()) {
                counts[1]++;
                continue;
            }
            try {
                ApiReply reply = discord.overwriteCommands(appId, guildId, DiscordCommandTree.payload());
                if (reply.ok()) {
                    kv.put(marker, hash, KvKeys.CMD_GUILD.ttl());
                    counts[0]++;
                } else {
                    log.warn("discord-sync: registration in guild {} failed: {}", guildId, reply.reason());
                    counts[2]++;
                }
            } catch (IOException e) {
                log.warn("discord-sync: registration in guild {} failed: {}", guildId, e.getMessage());
                counts[2]++;
            }
        }
        return counts;
    }

    /** Every guild of the bot, page by page (the original read only the first 200). */
    private List<String> guildIds() throws IOException {
        List<String> ids = new ArrayList<>();
        String after = null;
        while (true) {
            ApiReply reply = discord.guilds(GUILD_PAGE, after);
            if (!reply.ok()) {
                throw new IOException("listing guilds failed: " + reply.reason());
            }
            if (!reply.body().isArray()) {
                throw new IOException("listing guilds failed: HTTP " + reply.status() + " without a JSON array of guilds");
            }
            for (JsonNode guild : reply.body()) {
                String id = guild.path("id").asText("");
                if (id.matches("\\d+")) {
                    ids.add(id);
                    after = id;
                }
            }
            if (reply.body().size() < GUILD_PAGE) {
                return ids;
            }
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
