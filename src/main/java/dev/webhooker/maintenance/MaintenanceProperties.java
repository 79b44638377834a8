package dev.webhooker.maintenance;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

import dev.webhooker.config.InvalidSettingException;

/**
 * Schedules and limits of the maintenance jobs ({@code webhooker.maintenance.*}). Each schedule is a
 * 5-field cron (converted for Quartz by {@link QuartzCron}) or a 6/7-field Quartz expression; all four
 * default to {@code MAINTENANCE_CRON}, itself {@code *}{@code /5 * * * *}. The values are checked here so a
 * bad schedule stops start-up with one line naming its variable.
 */
@ConfigurationProperties("webhooker.maintenance")
record MaintenanceProperties(
        String storagePruneCron,
        String auditPruneCron,
        String discordSyncCron,
        String telegramSyncCron,
        int batchSize,
        Duration payloadGrace) {

    public MaintenanceProperties {
        QuartzCron.of("STORAGE_PRUNE_CRON", storagePruneCron);
        QuartzCron.of("AUDIT_PRUNE_CRON", auditPruneCron);
        QuartzCron.of("DISCORD_SYNC_CRON", discordSyncCron);
        QuartzCron.of("TELEGRAM_SYNC_CRON", telegramSyncCron);
        if (batchSize < 1) {
            throw new InvalidSettingException("MAINTENANCE_BATCH_SIZE", "must be at least 1, got " + batchSize);
        }
        if (payloadGrace == null || payloadGrace.isNegative()) {
            throw new InvalidSettingException("PAYLOAD_SWEEP_GRACE", "must be a duration of zero or more, e.g. 1h");
        }
    }
}
