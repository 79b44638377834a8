package dev.webhooker.config;

import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The first thing start-up does once logging is set up: checks the typed settings ({@link Settings}) and
 * decides which Camel route files to load ({@link RouteFiles}). Nothing has been built yet, so a bad value
 * stops start-up with its one line before any binding or connection could fail on it in a less clear way.
 */
public class StartupChecks implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    static final String ROUTES_PATTERN = "camel.main.routes-include-pattern";
    private static final Logger LOG = LoggerFactory.getLogger(StartupChecks.class);

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConfigurableEnvironment environment = event.getEnvironment();
        Settings.check(environment::getProperty);
        // an explicit pattern (a test, the command line) is taken as it is
        if (!environment.containsProperty(ROUTES_PATTERN)) {
            RouteFiles routes = RouteFiles.resolve(environment.getProperty(RouteFiles.SETTING),
                    event.getSpringApplication().getClassLoader());
            LOG.info(routes.describe());
            environment.getPropertySources().addLast(new MapPropertySource("webhooker-route-files",
                    Map.of(ROUTES_PATTERN, routes.includePattern())));
        }
    }

    @Override
    public int getOrder() {
        return LoggingApplicationListener.DEFAULT_ORDER + 1;
    }
}
