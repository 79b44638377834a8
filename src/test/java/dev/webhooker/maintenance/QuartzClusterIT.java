package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.quartz.CronScheduleBuilder;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.springframework.boot.autoconfigure.quartz.QuartzProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.scheduling.quartz.LocalDataSourceJobStore;
import org.springframework.scheduling.quartz.SchedulerFactoryBean;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.TestDatabases;

/**
 * Two schedulers configured as production configures them on PostgreSQL (same customizer, each with its
 * own pool, as two instances would be) share one database and both schedule the same per-second cron
 * job, as every node's camel-quartz endpoint does at start-up: each fire runs on exactly one of them.
 */
class QuartzClusterIT {

    record Fire(String instance, long scheduledAt) {
    }

    static final List<Fire> FIRES = new CopyOnWriteArrayList<>();

    @DisallowConcurrentExecution
    public static class RecordingJob implements Job {
        @Override
        public void execute(JobExecutionContext context) {
            try {
                FIRES.add(new Fire(context.getScheduler().getSchedulerInstanceId(),
                        context.getScheduledFireTime().getTime()));
            } catch (SchedulerException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private final List<SchedulerFactoryBean> nodes = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws SchedulerException {
        for (SchedulerFactoryBean node : nodes) {
            node.destroy();
        }
    }

    @Test
    void eachFireRunsOnceAcrossTwoInstances() throws Exception {
        HikariDataSource first = (HikariDataSource) TestDatabases.postgres();
        Scheduler a = node(first, "node-a");
        Scheduler b = node(secondPool(first), "node-b");

        for (Scheduler s : List.of(a, b)) {
            assertThat(s.getMetaData().isJobStoreClustered()).isTrue();
            assertThat(s.getMetaData().getJobStoreClass()).isEqualTo(LocalDataSourceJobStore.class);
            assertThat(s.getSchedulerName()).isEqualTo(QuartzJobStoreCustomizer.SCHEDULER_NAME);
        }
        scheduleEverySecond(a);
        scheduleEverySecond(b);
        a.start();
        b.start();

        await().atMost(Duration.ofSeconds(60)).until(() -> FIRES.size() >= 6);
        a.standby();
        b.standby();

        List<Long> times = FIRES.stream().map(Fire::scheduledAt).toList();
        assertThat(times).doesNotHaveDuplicates();
        assertThat(FIRES).extracting(Fire::instance).allMatch(i -> i.equals("node-a") || i.equals("node-b"));
        assertThat(new JdbcTemplate(first).queryForList("SELECT instance_name FROM qrtz_scheduler_state", String.class))
                .containsExactlyInAnyOrder("node-a", "node-b");
    }

    private Scheduler node(HikariDataSource dataSource, String instanceId) throws Exception {
        QuartzProperties quartz = new QuartzProperties();
        // production uses AUTO (host name + start time); two nodes in one JVM need distinct ids for sure
        quartz.getProperties().putAll(Map.of("org.quartz.scheduler.instanceId", instanceId,
                "org.quartz.threadPool.threadCount", "2"));
        SchedulerFactoryBean factory = new SchedulerFactoryBean();
        new QuartzJobStoreCustomizer(DatabaseUrl.Vendor.POSTGRESQL, dataSource, quartz,
                new DataSourceTransactionManager(dataSource)).customize(factory);
        factory.setAutoStartup(false);
        factory.setBeanName(instanceId);
        factory.afterPropertiesSet();
        nodes.add(factory);
        return factory.getScheduler();
    }

    private static HikariDataSource secondPool(HikariDataSource first) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(first.getJdbcUrl());
        ds.setUsername(first.getUsername());
        ds.setPassword(first.getPassword());
        ds.setMaximumPoolSize(5);
        return ds;
    }

    private static void scheduleEverySecond(Scheduler scheduler) throws SchedulerException {
        JobDetail job = JobBuilder.newJob(RecordingJob.class).withIdentity("tick", "maintenance").build();
        Trigger trigger = TriggerBuilder.newTrigger().withIdentity("tick", "maintenance")
                .withSchedule(CronScheduleBuilder.cronSchedule(QuartzCron.of("TEST", "*/1 * * * * ?"))).build();
        try {
            if (!scheduler.checkExists(trigger.getKey())) {
                scheduler.scheduleJob(job, trigger);
            }
        } catch (ObjectAlreadyExistsException e) {
            // the other node stored it first: exactly what a second camel-quartz endpoint meets
        }
    }
}
