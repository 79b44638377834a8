package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/** CAMEL_TARGET_SCHEMES: none by default, never a component that reaches inside the service, asked on every write. */
class CamelTargetSchemesTest {

    @Test
    void nothingIsAllowedByDefault() {
        assertThat(CamelTargetSchemes.parse("").problem("kafka"))
                .isEqualTo("the Camel component kafka is not allowed here (CAMEL_TARGET_SCHEMES is empty)");
        assertThat(CamelTargetSchemes.parse(null).allowed()).isEmpty();
    }

    @Test
    void allowsWhatTheSettingLists() {
        CamelTargetSchemes schemes = CamelTargetSchemes.parse(" nats, Kafka ,,spring-rabbitmq");

        assertThat(schemes.allowed()).containsExactlyInAnyOrder("nats", "kafka", "spring-rabbitmq");
        assertThat(schemes.problem("kafka")).isNull();
        assertThat(schemes.problem("paho-mqtt5"))
                .isEqualTo("the Camel component paho-mqtt5 is not allowed here (CAMEL_TARGET_SCHEMES allows kafka, nats, spring-rabbitmq)");
    }

    @Test
    void refusesASettingThatOpensTheServiceItself() {
        assertThatThrownBy(() -> CamelTargetSchemes.parse("kafka,direct")).hasMessageContaining("direct reaches inside this service");
        assertThatThrownBy(() -> CamelTargetSchemes.parse("discord")).hasMessageContaining("never a camel target");
        assertThatThrownBy(() -> CamelTargetSchemes.parse("ka fka")).hasMessageContaining("not a Camel component name");
    }

    @Test
    void aTargetOfAComponentNotAllowedIsRefusedWhereItIsWrittenNamingTheSetting() {
        ConfigValidator validator = new ConfigValidator(CamelTargetSchemes.parse("nats"));
        List<ConfigError> errors = new ArrayList<>(validator.validateRoute("route r", route(
                new CamelTarget("kafka:events?brokers=k:9092", List.of(), false),
                new CamelTarget("nats:events?servers=n:4222", List.of(), false))));

        assertThat(errors).extracting(ConfigError::toString).containsExactly(
                "route r: targets[0].uri: the Camel component kafka is not allowed here (CAMEL_TARGET_SCHEMES allows nats)");
    }

    private static Route route(Target... targets) {
        return new Route("r", "g", "R", true, List.of(new Filter("event", List.of("push"), false)), null, List.of(targets), false,
                false, List.of());
    }

    @Test
    void everyWriteOfTheRepositoryAsksThePolicyAsTheImportsAndTheConfigFileDo() {
        javax.sql.DataSource ds = dev.webhooker.testsupport.TestDatabases.h2();
        dev.webhooker.store.ConfigRepository repository = new dev.webhooker.store.ConfigRepository(
                new org.springframework.jdbc.core.JdbcTemplate(ds), new org.springframework.jdbc.datasource.DataSourceTransactionManager(ds),
                java.time.Clock.systemUTC(), null, CamelTargetSchemes.parse("nats"));
        List<dev.webhooker.routing.Group> groups = List.of(new dev.webhooker.routing.Group("g", "G", List.of(), List.of(), List.of(), List.of(),
                null, true, List.of(), null, null, false));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> repository.replaceAll(groups,
                        List.of(route(new CamelTarget("kafka:events?brokers=k:9092", List.of(), false)))))
                .hasMessageContaining("targets[0].uri: the Camel component kafka is not allowed here (CAMEL_TARGET_SCHEMES allows nats)");
        assertThat(repository.loadRoutes()).isEmpty();

        repository.replaceAll(groups, List.of(route(new CamelTarget("nats:events?servers=n:4222", List.of(), false))));
        assertThat(repository.loadRoutes()).hasSize(1);
    }
}
