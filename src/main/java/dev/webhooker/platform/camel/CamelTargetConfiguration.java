package dev.webhooker.platform.camel;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/**
 * Camel endpoint targets: the allowed components (CAMEL_TARGET_SCHEMES), the Kamelets' folder (KAMELETS_DIR), the
 * {@code camel-target:} component and the delivery.
 */
@Configuration(proxyBeanMethods = false)
class CamelTargetConfiguration {

    @Bean
    CamelTargetSchemes camelTargetSchemes(CamelTargetProperties properties) {
        try {
            return CamelTargetSchemes.parse(properties.schemes());
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(CamelTargetSchemes.SETTING, e.getMessage());
        }
    }

    /** {@code camel-target:} in routes/delivery.camel.yaml. */
    @Bean("camel-target")
    CamelTargetComponent camelTargetComponent(CamelTargetSchemes schemes, CamelTargetProperties targets,
                                              WebhookerProperties properties, ObjectProvider<Clock> clock) {
        TargetAddressGuard guard;
        try {
            guard = TargetAddressGuard.allowing(properties.platforms().webhookTargetAllow(), InetAddress::getAllByName);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("WEBHOOK_TARGET_ALLOW", e.getMessage());
        }
        return new CamelTargetComponent(new CamelSendRules(schemes, guard, clock.getIfAvailable(Clock::systemUTC)),
                kameletsLocation(targets.kameletsDir()));
    }

    /** KAMELETS_DIR as the kamelet component's location; a folder that is not there stops the start. */
    private static String kameletsLocation(String dir) {
        if (dir == null || dir.isBlank()) {
            return null;
        }
        Path folder = Path.of(dir).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder) || !Files.isReadable(folder)) {
            throw new InvalidSettingException("KAMELETS_DIR", folder + " is not a readable folder");
        }
        return "file:" + folder;
    }

    @Bean
    CamelDelivery camelDelivery() {
        return new CamelDelivery();
    }
}
