package dev.webhooker.config;

import static dev.webhooker.config.SettingKind.*;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The typed settings, checked before anything is built so that a malformed value stops start-up with
 * one line naming the variable, the value and what is expected — rather than a binding report about an
 * internal property. Settings with rules of their own (DATABASE_URL, REDIS_URL, S3_*, WEBHOOKER_CONFIG,
 * the cron schedules, DATA_DIR) are checked where they are read, with the same one-line report.
 */
final class Settings {

    public static final List<Setting> TYPED = List.of(
            new Setting("PORT", "server.port", PORT),
            new Setting("MANAGEMENT_PORT", "management.server.port", PORT),
            new Setting("SERVER_ADDRESS", "server.address", IP_ADDRESS),
            new Setting("MANAGEMENT_SERVER_ADDRESS", "management.server.address", IP_ADDRESS),
            new Setting("TRACING_SAMPLING_PROBABILITY", "management.tracing.sampling.probability", PROBABILITY),
            new Setting("TOMCAT_MAX_THREADS", "server.tomcat.threads.max", POSITIVE_INT),
            new Setting("TOMCAT_MIN_SPARE_THREADS", "server.tomcat.threads.min-spare", NON_NEGATIVE_INT),
            new Setting("HTTP_WORKERS", "spring.task.execution.pool.core-size", POSITIVE_INT),
            new Setting("QUARTZ_THREADS", "spring.quartz.properties.org.quartz.threadPool.threadCount", POSITIVE_INT),
            new Setting("BASE_URL", "webhooker.base-url", HTTP_URL),
            new Setting("TRUSTED_PROXIES", "webhooker.trusted-proxies", ADDRESS_RANGES),
            new Setting("WEBHOOKER_CONFIG_WATCH_INTERVAL", "webhooker.config.watch-interval", POSITIVE_DURATION),
            new Setting("WEBHOOKER_CONFIG_REFRESH_INTERVAL", "webhooker.config.refresh-interval", POSITIVE_DURATION),
            new Setting("WEBHOOK_MAX_BODY_BYTES", "webhooker.ingress.max-body-bytes", DATA_SIZE),
            new Setting("PAYLOAD_INLINE_MAX_BYTES", "webhooker.ingress.payload-inline-max-bytes", DATA_SIZE),
            new Setting("DEDUP_WINDOW", "webhooker.ingress.dedup-window", POSITIVE_DURATION),
            new Setting("REPLAY_WINDOW", "webhooker.ingress.replay-window", POSITIVE_DURATION),
            new Setting("WEBHOOK_REQUIRE_REPLAY_PROTECTION", "webhooker.ingress.require-replay-protection", BOOLEAN),
            new Setting("WEBHOOK_BODY_REPLAY_DEDUP", "webhooker.ingress.body-replay-dedup", BOOLEAN),
            new Setting("WEBHOOK_BODY_TIMEOUT", "webhooker.ingress.body-timeout", POSITIVE_DURATION),
            new Setting("DISCORD_API_URL", "webhooker.platforms.discord-api-url", HTTP_URL),
            new Setting("TELEGRAM_API_URL", "webhooker.platforms.telegram-api-url", HTTP_URL),
            new Setting("SLACK_API_URL", "webhooker.platforms.slack-api-url", HTTP_URL),
            new Setting("GITHUB_API_URL", "webhooker.github.api-url", HTTP_URL),
            new Setting("GITHUB_OAUTH_URL", "webhooker.github.oauth-url", HTTP_URL),
            new Setting("ADMIN_USER_IDS", "webhooker.admin.user-ids", NUMERIC_IDS),
            new Setting("ALLOW_SELF_SIGNUP", "webhooker.admin.allow-self-signup", BOOLEAN),
            new Setting("SESSION_IDLE_TIMEOUT", "webhooker.admin.session-idle-timeout", POSITIVE_DURATION),
            new Setting("SIGN_IN_RATE_LIMIT", "webhooker.admin.sign-in-rate-limit", POSITIVE_INT),
            new Setting("MAX_ROUTES_PER_GROUP", "webhooker.limits.routes-per-group", POSITIVE_INT),
            new Setting("MAX_GROUPS_PER_USER", "webhooker.limits.groups-per-user", POSITIVE_INT),
            new Setting("MAX_INVITES_PER_GROUP", "webhooker.limits.invites-per-group", POSITIVE_INT),
            new Setting("ACTIONS_RATE_LIMIT", "webhooker.github.actions-rate-limit", POSITIVE_INT),
            new Setting("WEBHOOKER_SECRET_KEY", "webhooker.secrets.key", SECRET_KEY),
            new Setting("WEBHOOKER_SECRET_KEY_PREVIOUS", "webhooker.secrets.previous-key", SECRET_KEY),
            new Setting("SEND_LOG_RETENTION_DAYS", "webhooker.retention.send-log-days", POSITIVE_INT),
            new Setting("FAILED_PAYLOAD_RETENTION", "webhooker.retention.failed-payload", POSITIVE_DURATION),
            new Setting("DELIVERED_PAYLOAD_RETENTION", "webhooker.retention.delivered-payload", NON_NEGATIVE_DURATION),
            new Setting("SHUTDOWN_TIMEOUT", "spring.lifecycle.timeout-per-shutdown-phase", POSITIVE_DURATION),
            new Setting("DELIVERY_ENABLED", "webhooker.delivery.enabled", BOOLEAN),
            new Setting("DELIVERY_RETRY_SCHEDULE", "webhooker.delivery.retry-schedule", DURATION_LIST),
            new Setting("DELIVERY_POLL_INTERVAL", "webhooker.delivery.poll-interval", POSITIVE_DURATION),
            new Setting("DELIVERY_LEASE", "webhooker.delivery.lease", POSITIVE_DURATION),
            new Setting("DELIVERY_WORKERS", "webhooker.delivery.workers", POSITIVE_INT),
            new Setting("DELIVERY_RATE_LIMIT_CAP", "webhooker.delivery.rate-limit-cap", NON_NEGATIVE_DURATION),
            new Setting("PLATFORM_CONNECT_TIMEOUT", "webhooker.delivery.connect-timeout", POSITIVE_DURATION),
            new Setting("PLATFORM_REQUEST_TIMEOUT", "webhooker.delivery.request-timeout", POSITIVE_DURATION),
            new Setting("DELIVERY_LOCK_RETRY_DELAY", "webhooker.delivery.lock-retry-delay", POSITIVE_DURATION),
            new Setting("TARGET_DISABLE_AFTER", "webhooker.delivery.disable-after", NON_NEGATIVE_DURATION),
            new Setting("PUBLISHED_RATE_LIMITS", "webhooker.delivery.published-rate-limits", BOOLEAN),
            new Setting("MAINTENANCE_BATCH_SIZE", "webhooker.maintenance.batch-size", POSITIVE_INT),
            new Setting("PAYLOAD_SWEEP_GRACE", "webhooker.maintenance.payload-grace", NON_NEGATIVE_DURATION));

    private Settings() {
    }

    /**
     * Checks every typed setting that has a value; {@code lookup} gives a variable's value or null.
     * Throws {@link InvalidSettingException} for the first malformed one.
     */
    public static void check(Function<String, String> lookup) {
        for (Setting setting : TYPED) {
            String value = lookup.apply(setting.variable());
            if (value == null || value.isBlank()) {
                continue;
            }
            if (!setting.kind().accepts(value.trim())) {
                throw malformed(setting.variable(), value, setting.kind());
            }
        }
    }

    /** The setting whose value lands in {@code property}, if it is one of the typed settings. */
    public static Optional<Setting> forProperty(String property) {
        return TYPED.stream().filter(s -> s.property().equals(property)).findFirst();
    }

    static InvalidSettingException malformed(String variable, String value, SettingKind kind) {
        if (kind == SECRET_KEY) {
            return new InvalidSettingException(variable, "a value of " + value.trim().length() + " characters is not " + kind.expected());
        }
        return new InvalidSettingException(variable, quote(value) + " is not " + kind.expected());
    }

    /** A value as shown in a start-up line: quoted, control characters made visible, long ones cut. */
    static String quote(String value) {
        String shown = value.length() > 80 ? value.substring(0, 80) + "…" : value;
        StringBuilder out = new StringBuilder("\"");
        shown.codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", c));
            } else if (c == '"' || c == '\\') {
                out.append('\\').appendCodePoint(c);
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('"').toString();
    }
}
