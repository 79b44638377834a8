package dev.webhooker.audit;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The audit writer, shared by installation provisioning and the admin API. */
@Configuration(proxyBeanMethods = false)
class AuditConfiguration {

    @Bean
    AuditLog auditLog(JdbcTemplate jdbc, ObjectProvider<Clock> clock) {
        return new AuditLog(jdbc, clock.getIfAvailable(Clock::systemUTC));
    }
}
