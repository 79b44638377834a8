package dev.webhooker.web;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code TRUSTED_PROXIES}: with it, {@link TrustedProxyValve} in front of everything; without it, no forwarded header
 * counts on any platform (Spring Boot's own forwarded-header handling, which it turns on by itself on Kubernetes and
 * which believes any private-range peer, is off: {@code server.forward-headers-strategy: none}).
 */
@Configuration(proxyBeanMethods = false)
class TrustedProxiesConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> trustedProxyValve(@Value("${webhooker.trusted-proxies:}") String list) {
        TrustedProxies proxies = TrustedProxies.parse(list);
        return factory -> {
            if (!proxies.isEmpty()) {
                factory.addEngineValves(new TrustedProxyValve(proxies));
            }
        };
    }
}
