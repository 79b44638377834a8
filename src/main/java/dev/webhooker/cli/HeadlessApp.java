package dev.webhooker.cli;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;

import dev.webhooker.WebhookerApplication;

/**
 * The application with the same settings as the service (DATABASE_URL, REDIS_URL, WEBHOOKER_SECRET_KEY, DATA_DIR…),
 * started for a command: the schema is migrated as at any start, but nothing listens, no route, delivery or schedule
 * runs, the config file is not applied, and no log line reaches the console (a command's output may be the YAML on
 * standard output).
 */
final class HeadlessApp {

    private HeadlessApp() {
    }

    /** As a command of the jar runs it: no log line on the console. */
    static ConfigurableApplicationContext start() {
        return start(true);
    }

    /**
     * {@code quiet}: console logging off. That is a setting of the JVM's one logging system, so a test running a
     * command in its own JVM starts it with {@code false}, or the tests after it would log nothing.
     */
    static ConfigurableApplicationContext start(boolean quiet) {
        // as command-line options, which win over application.yaml (SpringApplicationBuilder.properties would lose to it)
        List<String> settings = new ArrayList<>(List.of(
                // a web application context (the security and MVC configuration need one) whose servers never start
                "--server.port=-1",
                "--management.server.port=-1",
                "--spring.main.banner-mode=off",
                // neither WEBHOOKER_CONFIG nor config/webhooker.yaml: the command works on the database as it is
                "--webhooker.config.file=",
                "--webhooker.config.default-file=",
                "--webhooker.delivery.enabled=false",
                "--spring.quartz.auto-startup=false",
                "--camel.main.auto-startup=false"));
        if (quiet) {
            settings.add("--logging.threshold.console=OFF");
        }
        return new SpringApplicationBuilder(WebhookerApplication.class).web(WebApplicationType.SERVLET)
                .run(settings.toArray(String[]::new));
    }

    /** The message of the innermost cause: what a person can act on (the database is unreachable, say). */
    static String reason(Throwable e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }
}
