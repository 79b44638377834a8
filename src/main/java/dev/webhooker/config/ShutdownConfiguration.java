package dev.webhooker.config;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.camel.CamelContext;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * SHUTDOWN_TIMEOUT is Spring's timeout per shutdown phase (the HTTP server's graceful stop) and bounds Camel's
 * graceful stop as well: the deliveries a worker is running get that long to finish before their threads are
 * interrupted (their claims then wait for the lease; see DeliveryPoller).
 */
@Configuration(proxyBeanMethods = false)
class ShutdownConfiguration {

    @Bean
    CamelContextConfiguration shutdownTimeout(@Value("${spring.lifecycle.timeout-per-shutdown-phase:20s}") Duration timeout) {
        return of(timeout);
    }

    static CamelContextConfiguration of(Duration timeout) {
        return new CamelContextConfiguration() {
            @Override
            public void beforeApplicationStart(CamelContext context) {
                context.getShutdownStrategy().setTimeUnit(TimeUnit.MILLISECONDS);
                context.getShutdownStrategy().setTimeout(timeout.toMillis());
            }

            @Override
            public void afterApplicationStart(CamelContext context) {
                // nothing after the start
            }
        };
    }
}
