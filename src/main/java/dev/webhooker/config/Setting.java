package dev.webhooker.config;

/**
 * One environment variable of the configuration table and the Spring property that application.yaml
 * maps it to.
 */
record Setting(String variable, String property, SettingKind kind) {
}
