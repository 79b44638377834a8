package dev.webhooker.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

class ShutdownConfigurationTest {

    @Test
    void shutdownTimeoutBoundsCamelsGracefulStop() throws Exception {
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            ShutdownConfiguration.of(Duration.ofSeconds(7)).beforeApplicationStart(context);

            assertThat(context.getShutdownStrategy().getTimeUnit()).isEqualTo(TimeUnit.MILLISECONDS);
            assertThat(context.getShutdownStrategy().getTimeout()).isEqualTo(7_000);
        }
    }
}
