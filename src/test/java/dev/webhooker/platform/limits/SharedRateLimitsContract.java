package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * Two instances' RateLimits on one shared store: what one learns or takes holds the other back. Each test uses keys
 * of its own, so runs sharing one Redis or database never meet.
 */
abstract class SharedRateLimitsContract {

    /** A new store on the shared server; two calls stand for two instances. */
    protected abstract LimitStore newInstanceStore();

    /** This test's own part of every key. */
    protected final String run = UUID.randomUUID().toString().substring(0, 8);

    private RateLimits instance() {
        return new RateLimits(newInstanceStore(), true, new SimpleMeterRegistry());
    }

    @Test
    void aBlockOneInstanceLearnedHoldsTheOtherBack() {
        RateLimits a = instance();
        RateLimits b = instance();
        String chat = "telegram:" + run;

        a.block(chat, Duration.ofSeconds(30));

        Optional<Duration> deferred = b.admit(Duration.ofSeconds(1), List.of(chat), List.of()).deferred();
        assertThat(deferred).hasValueSatisfying(wait ->
                assertThat(wait).isBetween(Duration.ofSeconds(28), Duration.ofSeconds(30)));
        assertThat(b.admit(Duration.ofSeconds(1), List.of("telegram:other-" + run), List.of()).deferred()).isEmpty();
    }

    @Test
    void aShorterBlockNeverShortensALongerOne() {
        RateLimits a = instance();
        RateLimits b = instance();
        String bucket = "discord:" + run + ":123";

        a.block(bucket, Duration.ofSeconds(40));
        b.block(bucket, Duration.ofSeconds(3));

        assertThat(a.admit(Duration.ofSeconds(1), List.of("discord:global-" + run, bucket), List.of()).deferred())
                .hasValueSatisfying(wait -> assertThat(wait).isGreaterThan(Duration.ofSeconds(35)));
    }

    @Test
    void theInstancesTogetherTakeNoMoreThanTheQuota() {
        RateLimits a = instance();
        RateLimits b = instance();
        Quota.Use group = new Quota("telegram:group", 10, Duration.ofMinutes(1)).of(run);

        List<Duration> deferrals = new ArrayList<>();
        int went = 0;
        for (int i = 0; i < 14; i++) {
            Optional<Duration> deferred = (i % 2 == 0 ? a : b).admit(Duration.ZERO, List.of(), List.of(group)).deferred();
            if (deferred.isEmpty()) {
                went++;
            } else {
                deferrals.add(deferred.get());
            }
        }

        assertThat(went).isEqualTo(10);
        // the next token comes back after a tenth of the minute
        assertThat(deferrals).hasSize(4).allSatisfy(wait ->
                assertThat(wait).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(6)));
    }

    @Test
    void admitHandsTheWaitBackInsteadOfWaitingAndDefersWhatIsBeyondTheCap() {
        RateLimits a = instance();
        RateLimits b = instance();
        // seconds apart, so that b's first use of the store (it connects then) cannot use up the margins
        Quota.Use chat = new Quota("telegram:chat", 1, Duration.ofSeconds(3)).of("admit-" + run);
        String blocked = "telegram:admit-block-" + run;
        a.block(blocked, Duration.ofSeconds(20));

        assertThat(a.admit(Duration.ofSeconds(5), List.of(), List.of(chat))).isEqualTo(new RateLimits.Admission(Duration.ZERO,
                Optional.empty()));
        long started = System.nanoTime();
        RateLimits.Admission next = b.admit(Duration.ofSeconds(5), List.of(), List.of(chat));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        RateLimits.Admission held = b.admit(Duration.ofSeconds(5), List.of(blocked), List.of());

        assertThat(next.deferred()).isEmpty();
        assertThat(next.delay()).as("the token is reserved for when it is due").isBetween(Duration.ofMillis(1_500), Duration.ofSeconds(3));
        assertThat(took).as("nothing waited here").isLessThan(Duration.ofMillis(1_500));
        assertThat(held.deferred()).hasValueSatisfying(wait -> assertThat(wait).isGreaterThan(Duration.ofSeconds(15)));
    }

    @Test
    void withPublishedQuotasOffOnlyBlocksHoldCallsBack() {
        RateLimits off = new RateLimits(newInstanceStore(), false, new SimpleMeterRegistry());
        Quota.Use chat = new Quota("telegram:chat", 1, Duration.ofMinutes(1)).of(run);

        for (int i = 0; i < 5; i++) {
            assertThat(off.admit(Duration.ZERO, List.of(), List.of(chat)).deferred()).isEmpty();
        }
        off.block("telegram:" + run, Duration.ofSeconds(10));
        assertThat(off.admit(Duration.ZERO, List.of("telegram:" + run), List.of(chat)).deferred()).isPresent();
    }
}
