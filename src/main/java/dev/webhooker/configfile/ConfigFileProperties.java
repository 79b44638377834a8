package dev.webhooker.configfile;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code webhooker.config.*}: the groups-and-routes YAML file ({@code WEBHOOKER_CONFIG}), its mode
 * ({@code WEBHOOKER_CONFIG_MODE}), how often a sync-mode file is checked for changes
 * ({@code WEBHOOKER_CONFIG_WATCH_INTERVAL}), and the file looked for when none is named
 * ({@code default-file}, no variable: the tests blank it so that a developer's own file never leaks in).
 * ({@code webhooker.config.refresh-interval} belongs to the snapshot poller in {@code store}.)
 */
@ConfigurationProperties("webhooker.config")
record ConfigFileProperties(String file, String mode, Duration watchInterval, String defaultFile) {

    public ConfigFileProperties {
        watchInterval = positiveOr(watchInterval, Duration.ofSeconds(3));
    }

    private static Duration positiveOr(Duration value, Duration fallback) {
        return value == null || value.isZero() || value.isNegative() ? fallback : value;
    }
}
