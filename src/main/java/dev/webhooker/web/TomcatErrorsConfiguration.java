package dev.webhooker.web;

import org.apache.catalina.Container;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Valve;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Puts {@link JsonErrorReportValve} in the place of Tomcat's HTML error page. */
@Configuration(proxyBeanMethods = false)
class TomcatErrorsConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonTomcatErrors() {
        // the host adds its error valve when it starts, before its context: swap it as the context starts
        return factory -> factory.addContextCustomizers(context -> context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                Container host = context.getParent();
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve && !(valve instanceof JsonErrorReportValve)) {
                        host.getPipeline().removeValve(valve);
                        host.getPipeline().addValve(new JsonErrorReportValve());
                    }
                }
            }
        }));
    }
}
