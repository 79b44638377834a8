package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AuditRetentionTest {

    @Test
    void readsTheSettingLikeTheOriginal() {
        assertThat(AuditRetention.days("30")).isEqualTo(30);
        assertThat(AuditRetention.days(" 7.5 ")).isEqualTo(7.5);
        assertThat(AuditRetention.days("1e1")).isEqualTo(10);
    }

    @Test
    void unsetUnparsableOrZeroMeansNinety() {
        assertThat(AuditRetention.days(null)).isEqualTo(90);
        assertThat(AuditRetention.days("")).isEqualTo(90);
        assertThat(AuditRetention.days("ninety")).isEqualTo(90);
        assertThat(AuditRetention.days("30d")).isEqualTo(90);
        assertThat(AuditRetention.days("0")).isEqualTo(90);
        assertThat(AuditRetention.days("NaN")).isEqualTo(90);
    }

    @Test
    void atLeastOneDay() {
        assertThat(AuditRetention.days("0.5")).isEqualTo(1);
        assertThat(AuditRetention.days("-3")).isEqualTo(1);
    }

    @Test
    void cutoffKeepsFractions() {
        long now = 1_000_000_000_000L;
        assertThat(AuditRetention.cutoff("1.5", now)).isEqualTo(now - 129_600_000L);
        assertThat(AuditRetention.cutoff("1e9", now)).isEqualTo(Long.MIN_VALUE);
    }
}
