package dev.webhooker.cli;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

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
        // a web application context (the security and MVC configuration need one) whose server never starts
        SpringApplicationBuilder app = new SpringApplicationBuilder(WebhookerApplication.class)
                .web(WebApplicationType.SERVLET)
                .properties(
                        "server.port=-1",
                        "management.server.port=-1",
                        "spring.main.banner-mode=off",
                        "webhooker.config.file=",
                        "webhooker.delivery.enabled=false",
                        "spring.quartz.auto-startup=false",
                        "camel.main.auto-startup=false");
        if (quiet) {
            app.properties("logging.threshold.console=OFF");
        }
        return app.run();
    }

    /** The message of the innermost cause: what a person can act on (the database is unreachable, say). */
    static String reason(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }
}
