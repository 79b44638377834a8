package dev.webhooker.platform.camel;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Camel endpoint targets: {@code schemes} (CAMEL_TARGET_SCHEMES) lists the Camel components a route may name, comma
 * separated, none by default; {@code kameletsDir} (KAMELETS_DIR) is a folder of YAML Kamelets that
 * {@code kamelet:<name>} targets run.
 */
@ConfigurationProperties("webhooker.camel-targets")
record CamelTargetProperties(String schemes, String kameletsDir) {
}
