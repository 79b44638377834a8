package dev.webhooker.maintenance;

import java.util.Map;
import java.util.Properties;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.quartz.QuartzProperties;
import org.springframework.boot.autoconfigure.quartz.SchedulerFactoryBeanCustomizer;
import org.springframework.scheduling.quartz.SchedulerFactoryBean;
import org.springframework.transaction.PlatformTransactionManager;

import dev.webhooker.store.DatabaseUrl;

/**
 * Chooses the Quartz job store from the database in use, so the same jar runs on both without a setting:
 * on PostgreSQL a clustered JDBC store on the application's DataSource (tables {@code QRTZ_*} created by
 * Flyway), so with several instances each job fires once per tick; on the embedded H2 default, which is
 * single-instance by nature, the in-memory store that {@code spring.quartz.job-store-type=memory} gives.
 */
class QuartzJobStoreCustomizer implements SchedulerFactoryBeanCustomizer {

    /** Quartz rows are keyed by this name: every node must use the same one to form one cluster. */
    public static final String SCHEDULER_NAME = "webhooker";

    /**
     * Clustered JDBC store settings. A one-second misfire threshold stops a restarted node from replaying
     * a burst of missed fires; AUTO gives each node its own instance id (host name + time).
     */
    static final Map<String, String> CLUSTERED_POSTGRES = Map.of(
            "org.quartz.scheduler.instanceId", "AUTO",
            "org.quartz.jobStore.isClustered", "true",
            "org.quartz.jobStore.clusterCheckinInterval", "5000",
            "org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate",
            "org.quartz.jobStore.tablePrefix", "QRTZ_",
            "org.quartz.jobStore.misfireThreshold", "1000");

    private final DatabaseUrl.Vendor vendor;
    private final DataSource dataSource;
    private final Map<String, String> bootProperties;
    private final PlatformTransactionManager transactionManager;

    public QuartzJobStoreCustomizer(DatabaseUrl.Vendor vendor, DataSource dataSource, QuartzProperties quartz,
            PlatformTransactionManager transactionManager) {
        this.vendor = vendor;
        this.dataSource = dataSource;
        this.bootProperties = quartz == null ? Map.of() : quartz.getProperties();
        this.transactionManager = transactionManager;
    }

    @Override
    public void customize(SchedulerFactoryBean scheduler) {
        scheduler.setSchedulerName(SCHEDULER_NAME);
        if (vendor != DatabaseUrl.Vendor.POSTGRESQL) {
            return;
        }
        Properties properties = new Properties();
        properties.putAll(CLUSTERED_POSTGRES);
        // explicit spring.quartz.properties.* still win, to tune a deployment without a new build
        properties.putAll(bootProperties);
        scheduler.setQuartzProperties(properties);
        // a DataSource makes Spring use its LocalDataSourceJobStore (JDBC) instead of the RAM store
        scheduler.setDataSource(dataSource);
        if (transactionManager != null) {
            scheduler.setTransactionManager(transactionManager);
        }
    }
}
