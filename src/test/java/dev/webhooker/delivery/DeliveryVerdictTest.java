package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;

class DeliveryVerdictTest {

    static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");

    static TargetProgress t(TargetStatus status, Instant next) {
        return new TargetProgress(status, 0, next);
    }

    @Test
    void noTargetsMeansDelivered() {
        assertThat(DeliveryVerdict.of(List.of(), NOW).status()).isEqualTo(DeliveryStatus.DELIVERED);
    }

    @Test
    void allDeliveredIsDelivered() {
        assertThat(DeliveryVerdict.of(List.of(t(TargetStatus.DELIVERED, NOW), t(TargetStatus.DELIVERED, NOW)), NOW).status())
                .isEqualTo(DeliveryStatus.DELIVERED);
    }

    @Test
    void anyNonFinalTargetKeepsItRetryingDueAtTheEarliestTarget() {
        DeliveryVerdict v = DeliveryVerdict.of(List.of(
                t(TargetStatus.FAILED, NOW),
                t(TargetStatus.RETRYING, NOW.plusSeconds(30)),
                t(TargetStatus.RETRYING, NOW.plusSeconds(5))), NOW);
        assertThat(v.status()).isEqualTo(DeliveryStatus.RETRYING);
        assertThat(v.nextAttemptAt()).isEqualTo(NOW.plusSeconds(5));
        assertThat(v.isFinal()).isFalse();
    }

    @Test
    void aPermanentFailureMakesItFailedOnceEverythingIsFinal() {
        assertThat(DeliveryVerdict.of(List.of(t(TargetStatus.DELIVERED, NOW), t(TargetStatus.FAILED, NOW),
                t(TargetStatus.DEAD, NOW)), NOW).status()).isEqualTo(DeliveryStatus.FAILED);
    }

    @Test
    void exhaustedRetriesWithoutRefusalsAreDead() {
        assertThat(DeliveryVerdict.of(List.of(t(TargetStatus.DELIVERED, NOW), t(TargetStatus.DEAD, NOW)), NOW).status())
                .isEqualTo(DeliveryStatus.DEAD);
    }
}
