package dev.webhooker.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.unit.DataSize;

/**
 * Every setting of the service, bound from {@code application.yaml}, where each one is mapped to the
 * environment variable the original WebHooker used (or ours, for what it did not have).
 * Blank strings mean "not set": environment variables cannot express null.
 */
@ConfigurationProperties("webhooker")
public record WebhookerProperties(
        Path dataDir,
        String baseUrl,
        Database database,
        String redisUrl,
        S3 s3,
        Config config,
        Ingress ingress,
        Platforms platforms,
        Github github,
        Admin admin,
        Secrets secrets,
        Retention retention,
        Limits limits) {

    public WebhookerProperties {
        limits = limits == null ? new Limits(0, 0, 0) : limits;
    }

    public record Database(String url, String user, String password) {
        public boolean external() {
            return url != null && !url.isBlank();
        }
    }

    public record S3(String bucket, String endpoint, String region, String accessKey, String secretKey) {
        public boolean enabled() {
            return bucket != null && !bucket.isBlank();
        }
    }

    /** Groups and routes edited as YAML ({@code WEBHOOKER_CONFIG}, {@code WEBHOOKER_CONFIG_MODE}). */
    public record Config(String file, String mode) {
    }

    public record Ingress(
            String githubWebhookSecret,
            String giteaWebhookSecret,
            DataSize maxBodyBytes,
            DataSize payloadInlineMaxBytes,
            Duration dedupWindow,
            @DurationUnit(java.time.temporal.ChronoUnit.SECONDS) Duration replayWindow) {
    }

    public record Platforms(
            String discordToken,
            String discordPublicKey,
            String discordApplicationId,
            String discordApiUrl,
            String telegramToken,
            String telegramWebhookSecret,
            String telegramApiUrl,
            String telegramRichHeaderHost,
            String webhookTargetAllow,
            String slackToken,
            String slackApiUrl) {
    }

    /** {@code actionsRateLimit}: GitHub writes per minute per user from the actions API and the chat commands. */
    public record Github(String clientId, String clientSecret, String apiUrl, String oauthUrl, int actionsRateLimit) {

        public Github {
            actionsRateLimit = actionsRateLimit <= 0 ? 30 : actionsRateLimit;
        }
    }

    /** Keys that encrypt secrets at rest (WEBHOOKER_SECRET_KEY and the one before a rotation). */
    public record Secrets(String key, String previousKey) {
    }

    public record Admin(String userIds, boolean allowSelfSignup, Duration sessionIdleTimeout, int signInRateLimit) {
        public List<String> userIdList() {
            if (userIds == null || userIds.isBlank()) {
                return List.of();
            }
            return Arrays.stream(userIds.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        }
    }

    /**
     * What one tenant may hold, so that no tenant fills the instance's limits alone (MAX_ROUTES_PER_GROUP,
     * MAX_GROUPS_PER_USER, MAX_INVITES_PER_GROUP). Unset (0) takes the default.
     */
    public record Limits(int routesPerGroup, int groupsPerUser, int invitesPerGroup) {

        public static final int DEFAULT_ROUTES_PER_GROUP = 50;
        public static final int DEFAULT_GROUPS_PER_USER = 5;
        public static final int DEFAULT_INVITES_PER_GROUP = 20;

        public Limits {
            routesPerGroup = routesPerGroup <= 0 ? DEFAULT_ROUTES_PER_GROUP : routesPerGroup;
            groupsPerUser = groupsPerUser <= 0 ? DEFAULT_GROUPS_PER_USER : groupsPerUser;
            invitesPerGroup = invitesPerGroup <= 0 ? DEFAULT_INVITES_PER_GROUP : invitesPerGroup;
        }
    }

    /**
     * {@code auditDays} stays text: the original reads AUDIT_RETENTION_DAYS leniently (fractions kept,
     * unset / unparsable / 0 mean 90), and existing deployments rely on that. {@code failedPayload}: how long
     * a failed or dead delivery keeps its payload for a replay (FAILED_PAYLOAD_RETENTION). {@code deliveredPayload}:
     * how long a delivered one keeps it for the delivery view (DELIVERED_PAYLOAD_RETENTION; zero: not at all).
     */
    public record Retention(String auditDays, int sendLogDays, Duration failedPayload, Duration deliveredPayload) {

        public Retention {
            failedPayload = failedPayload == null ? Duration.ofDays(7) : failedPayload;
            deliveredPayload = deliveredPayload == null ? Duration.ofHours(24) : deliveredPayload;
        }
    }
}
