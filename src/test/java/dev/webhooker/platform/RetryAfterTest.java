package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RetryAfterTest {

    static final Instant NOW = Instant.parse("2026-12-05T10:00:00Z");

    @Test
    void aHeaderGivesWholeOrFractionalSecondsOrAnHttpDate() {
        assertThat(RetryAfter.header(Optional.of("120"), NOW)).hasValue(Duration.ofSeconds(120));
        assertThat(RetryAfter.header(Optional.of(" 1.25 "), NOW)).hasValue(Duration.ofMillis(1_250));
        assertThat(RetryAfter.header(Optional.of("Sat, 05 Dec 2026 10:05:00 GMT"), NOW)).hasValue(Duration.ofMinutes(5));
    }

    @Test
    void aHeaderThatIsAbsentNegativeOrNeitherGivesNoWait() {
        assertThat(RetryAfter.header(Optional.empty(), NOW)).isEmpty();
        assertThat(RetryAfter.header(Optional.of("-5"), NOW)).isEmpty();
        assertThat(RetryAfter.header(Optional.of("soon"), NOW)).isEmpty();
        assertThat(RetryAfter.header(Optional.of("10d"), NOW)).isEmpty();
        assertThat(RetryAfter.header(Optional.of("NaN"), NOW)).isEmpty();
    }

    @Test
    void everyWaitIsBoundedToAnHourAndAPastDateIsNoWait() {
        // far beyond what the clock arithmetic of a block or a reschedule could hold
        assertThat(RetryAfter.header(Optional.of("9223372036854775807"), NOW)).hasValue(RetryAfter.MAX);
        assertThat(RetryAfter.header(Optional.of("1" + "0".repeat(400)), NOW)).hasValue(RetryAfter.MAX);
        assertThat(RetryAfter.header(Optional.of("Fri, 31 Dec 9999 23:59:59 GMT"), NOW)).hasValue(RetryAfter.MAX);
        assertThat(RetryAfter.header(Optional.of("Thu, 01 Jan 2026 00:00:00 GMT"), NOW)).hasValue(Duration.ZERO);
        assertThat(RetryAfter.seconds(1e300)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.seconds(Double.POSITIVE_INFINITY)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.seconds(-3)).isEqualTo(Duration.ZERO);
        assertThat(RetryAfter.seconds(Double.NaN)).isEqualTo(Duration.ZERO);
        assertThat(RetryAfter.seconds(30.5)).isEqualTo(Duration.ofMillis(30_500));
    }
}
