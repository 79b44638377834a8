package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import dev.webhooker.config.InvalidSettingException;

class MaintenancePropertiesTest {

    private static Map<String, String> defaults() {
        Map<String, String> values = new HashMap<>();
        for (String job : new String[] {"storage-prune", "audit-prune", "discord-sync", "telegram-sync"}) {
            values.put("webhooker.maintenance." + job + "-cron", "*/5 * * * *");
        }
        values.put("webhooker.maintenance.batch-size", "500");
        values.put("webhooker.maintenance.payload-grace", "1h");
        return values;
    }

    private static MaintenanceProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bind("webhooker.maintenance", MaintenanceProperties.class).get();
    }

    @Test
    void bindsTheDefaults() {
        MaintenanceProperties properties = bind(defaults());
        assertThat(properties.batchSize()).isEqualTo(500);
        assertThat(properties.payloadGrace()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void aBadScheduleNamesItsVariable() {
        Map<String, String> values = defaults();
        values.put("webhooker.maintenance.telegram-sync-cron", "every day");

        assertThatThrownBy(() -> bind(values)).rootCause()
                .asInstanceOf(InstanceOfAssertFactories.type(InvalidSettingException.class))
                .extracting(InvalidSettingException::setting).isEqualTo("TELEGRAM_SYNC_CRON");
    }

    @Test
    void aBatchSizeBelowOneIsRefused() {
        Map<String, String> values = defaults();
        values.put("webhooker.maintenance.batch-size", "0");

        assertThatThrownBy(() -> bind(values)).rootCause().hasMessageStartingWith("MAINTENANCE_BATCH_SIZE: ");
    }
}
