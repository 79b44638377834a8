package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.webhooker.config.InvalidSettingException;

class QuartzCronTest {

    @Test
    void fiveFieldCronGetsSecondsAndAQuestionMarkForTheFreeDayField() {
        assertThat(QuartzCron.of("X", "*/5 * * * *")).isEqualTo("0 */5 * * * ?");
        assertThat(QuartzCron.of("X", "30 2 1 * *")).isEqualTo("0 30 2 1 * ?");
        assertThat(QuartzCron.of("X", "  15   3 * * *  ")).isEqualTo("0 15 3 * * ?");
    }

    @Test
    void numericWeekdaysBecomeNamesBecauseQuartzCountsFromOne() {
        assertThat(QuartzCron.of("X", "0 9 * * 1-5")).isEqualTo("0 0 9 ? * MON-FRI");
        assertThat(QuartzCron.of("X", "0 9 * * 0,6")).isEqualTo("0 0 9 ? * SUN,SAT");
        assertThat(QuartzCron.of("X", "0 9 * * 7")).isEqualTo("0 0 9 ? * SUN");
        assertThat(QuartzCron.of("X", "0 9 * * mon")).isEqualTo("0 0 9 ? * MON");
    }

    @Test
    void quartzExpressionsPassThrough() {
        assertThat(QuartzCron.of("X", "*/1 * * * * ?")).isEqualTo("*/1 * * * * ?");
        assertThat(QuartzCron.of("X", "0 0 12 ? * WED 2030")).isEqualTo("0 0 12 ? * WED 2030");
    }

    @Test
    void badSchedulesNameTheSetting() {
        assertThatThrownBy(() -> QuartzCron.of("STORAGE_PRUNE_CRON", "every 5 minutes"))
                .isInstanceOf(InvalidSettingException.class).hasMessageStartingWith("STORAGE_PRUNE_CRON: ");
        assertThatThrownBy(() -> QuartzCron.of("AUDIT_PRUNE_CRON", "61 * * * *"))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("AUDIT_PRUNE_CRON");
        assertThatThrownBy(() -> QuartzCron.of("X", "0 9 1 * 1"))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("not both");
        assertThatThrownBy(() -> QuartzCron.of("X", " "))
                .isInstanceOf(InvalidSettingException.class);
    }

    @Test
    void theRouteFunctionJoinsFieldsForTheEndpointUri() {
        assertThat(new QuartzCronPropertiesFunction().apply("*/5 * * * *")).isEqualTo("0+*/5+*+*+*+?");
    }
}
