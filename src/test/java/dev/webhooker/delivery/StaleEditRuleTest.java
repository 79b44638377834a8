package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StaleEditRuleTest {

    @Test
    void anOlderEventIsStale() {
        assertThat(StaleEditRule.isStale(10L, 11L)).isTrue();
    }

    @Test
    void anEqualOrNewerEventIsNotStale() {
        assertThat(StaleEditRule.isStale(11L, 11L)).as("equal: the same state again edits (say an edited comment)").isFalse();
        assertThat(StaleEditRule.isStale(12L, 11L)).isFalse();
    }

    @Test
    void anUnknownOrderOnEitherSideNeverSkips() {
        assertThat(StaleEditRule.isStale(null, 11L)).isFalse();
        assertThat(StaleEditRule.isStale(10L, null)).as("a message tracked before the guard existed").isFalse();
        assertThat(StaleEditRule.isStale(null, null)).isFalse();
    }

    @Test
    void theIncomingOrderIsStoredAfterAnEditAndAKnownOrderSurvivesAnUnknownOne() {
        assertThat(StaleEditRule.orderAfterEdit(12L, 11L)).isEqualTo(12L);
        assertThat(StaleEditRule.orderAfterEdit(12L, null)).isEqualTo(12L);
        assertThat(StaleEditRule.orderAfterEdit(null, 11L)).isEqualTo(11L);
        assertThat(StaleEditRule.orderAfterEdit(null, null)).isNull();
    }
}
