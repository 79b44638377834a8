package dev.webhooker.platform.camel;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.kamelet.KameletComponent;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/** Camel endpoint targets: the allowed components (CAMEL_TARGET_SCHEMES), the {@code camel-target:} component, the delivery. */
@Configuration(proxyBeanMethods = false)
class CamelTargetConfiguration {

    /** The distinct target URIs whose producers are kept started between sends. */
    private static final int PRODUCERS_KEPT = 200;

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
    CamelTargetComponent camelTargetComponent(CamelContext camel, CamelTargetSchemes schemes, WebhookerProperties properties,
                                              CamelTargetProperties targets, ObjectProvider<Clock> clock) {
        TargetAddressGuard guard;
        try {
            guard = TargetAddressGuard.allowing(properties.platforms().webhookTargetAllow(), InetAddress::getAllByName);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("WEBHOOK_TARGET_ALLOW", e.getMessage());
        }
        useKamelets(camel, targets.kameletsDir());
        ProducerTemplate template = camel.createProducerTemplate(PRODUCERS_KEPT);
        return new CamelTargetComponent(new CamelTargetSender(template, schemes, guard, clock.getIfAvailable(Clock::systemUTC)));
    }

    /**
     * KAMELETS_DIR: {@code kamelet:<name>} targets run the Kamelets of that folder ({@code <name>.kamelet.yaml}). A
     * folder that is not there stops the start rather than fail every send. Set before any target is sent to, as the
     * component reads it when it makes an endpoint.
     */
    private static void useKamelets(CamelContext camel, String dir) {
        if (dir == null || dir.isBlank()) {
            return;
        }
        Path folder = Path.of(dir).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder) || !Files.isReadable(folder)) {
            throw new InvalidSettingException("KAMELETS_DIR", folder + " is not a readable folder");
        }
        camel.getComponent("kamelet", KameletComponent.class).setLocation("file:" + folder);
    }

    @Bean
    CamelDelivery camelDelivery() {
        return new CamelDelivery();
    }
}
