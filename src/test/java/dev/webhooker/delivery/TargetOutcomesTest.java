package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;

/** The split's aggregation of the target sends, apart from Camel: what it collects and what the steps after read. */
class TargetOutcomesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");
    private final TargetOutcomes outcomes = new TargetOutcomes();

    @Test
    void collectsEveryOutcomeInTheOrderTheSendsFinishedWithoutChangingWhatItWasGiven() {
        TargetOutcome first = delivered(target(0, "111"));
        TargetOutcome second = TargetOutcome.deferred(target(1, "222"), List.of());

        List<TargetOutcome> one = outcomes.add(null, first);
        List<TargetOutcome> two = outcomes.add(one, second);

        assertThat(one).containsExactly(first);
        assertThat(two).containsExactly(first, second);
        assertThat(outcomes.add(List.of(), first)).containsExactly(first);
    }

    @Test
    void thePlanAfterTheSendsHasTheRowEachStoredAndKeepsTheOthers() {
        DeliveryTarget a = target(0, "111");
        DeliveryTarget b = target(1, "222");
        DeliveryTarget c = target(2, "333");
        TargetOutcome storedB = delivered(b);
        List<TargetOutcome> collected = outcomes.add(outcomes.add(null, storedB), TargetOutcome.notStored(c,
                new IllegalStateException("database away")));

        List<DeliveryTarget> after = TargetOutcomes.after(List.of(a, b, c), collected);

        assertThat(after).containsExactly(a, storedB.stored(), c);
        assertThat(after.get(1).progress().status()).isEqualTo(TargetStatus.DELIVERED);
        assertThat(TargetOutcomes.after(List.of(a, b), List.of())).containsExactly(a, b);
    }

    @Test
    void onlyAnOutcomeThatCouldNotBeStoredFailsTheAttemptAndItFailsItOnce() {
        assertThat(TargetOutcomes.unstored(List.of(delivered(target(0, "111")),
                TargetOutcome.deferred(target(1, "222"), List.of())))).isEmpty();
        assertThat(TargetOutcomes.unstored(List.of())).isEmpty();

        IllegalStateException first = new IllegalStateException("connection refused");
        IllegalStateException second = new IllegalStateException("connection reset");
        List<TargetOutcome> collected = outcomes.add(outcomes.add(outcomes.add(outcomes.add(null,
                TargetOutcome.notStored(target(0, "111"), first)), delivered(target(1, "222"))),
                TargetOutcome.notStored(target(2, "333"), second)), TargetOutcome.notStored(target(3, "444"), first));

        assertThat(TargetOutcomes.unstored(collected)).containsSame(first);
        assertThat(first.getSuppressed()).as("each other failure once, the same one not again").containsExactly(second);
    }

    private static DeliveryTarget target(int position, String channel) {
        return new DeliveryTarget("k1", "g1", "r1", position, "Route", new DiscordTarget(channel, null),
                TargetProgress.fresh(NOW), null, null, null, null);
    }

    private static TargetOutcome delivered(DeliveryTarget target) {
        SendOutcome ok = SendOutcome.success(200, "m-" + target.targetId(), 1);
        return TargetOutcome.of(target, ok, List.of())
                .storedAs(ok.appliedTo(target, new TargetProgress(TargetStatus.DELIVERED, 1, NOW)));
    }
}
