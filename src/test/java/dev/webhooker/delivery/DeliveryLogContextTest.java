package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

class DeliveryLogContextTest {

    private final DeliveryLogContext converter = new DeliveryLogContext();

    private String line(Map<String, String> context) {
        LoggingEvent event = new LoggingEvent("test", new LoggerContext().getLogger("test"), Level.INFO, "hello", null, null);
        event.setMDCPropertyMap(context);
        return converter.convert(event);
    }

    @Test
    void aLineAboutADeliveryNamesItAndItsTrace() {
        assertThat(line(Map.of("deliveryId", "d-1", "traceId", "4bf92f3577b34da6a3ce929d0e0e4736")))
                .isEqualTo("[delivery d-1] [trace 4bf92f3577b34da6a3ce929d0e0e4736] ");
    }

    @Test
    void eachIsLeftOutWhenItIsNotKnown() {
        assertThat(line(Map.of("deliveryId", "d-1"))).isEqualTo("[delivery d-1] ");
        assertThat(line(Map.of("traceId", "abc"))).isEqualTo("[trace abc] ");
        assertThat(line(Map.of("deliveryId", "", "other", "x"))).isEmpty();
        assertThat(line(Map.of())).isEmpty();
    }
}
