package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.quartz.simpl.RAMJobStore;
import org.springframework.boot.autoconfigure.quartz.QuartzProperties;
import org.springframework.scheduling.quartz.SchedulerFactoryBean;

import dev.webhooker.store.DatabaseUrl;

/** The embedded default keeps Quartz in memory: no QRTZ_* tables, and no DataSource is touched. */
class QuartzJobStoreCustomizerTest {

    @Test
    void onH2TheSchedulerUsesTheInMemoryStore() throws Exception {
        SchedulerFactoryBean factory = new SchedulerFactoryBean();
        new QuartzJobStoreCustomizer(DatabaseUrl.Vendor.H2, null, new QuartzProperties(), null).customize(factory);
        factory.setAutoStartup(false);
        factory.afterPropertiesSet();
        try {
            Scheduler scheduler = factory.getScheduler();
            assertThat(scheduler.getMetaData().getJobStoreClass()).isEqualTo(RAMJobStore.class);
            assertThat(scheduler.getMetaData().isJobStoreClustered()).isFalse();
            assertThat(scheduler.getSchedulerName()).isEqualTo("webhooker");
        } finally {
            factory.destroy();
        }
    }
}
