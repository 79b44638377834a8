package dev.webhooker.github;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.OutboundHttp;

/** The GitHub client (GITHUB_API_URL) on the platforms' HTTP client, with PLATFORM_CONNECT_TIMEOUT. */
@Configuration(proxyBeanMethods = false)
class GithubConfiguration {

    @Bean
    GithubClient githubClient(OutboundHttp platformHttp, WebhookerProperties properties, DeliveryProperties settings) {
        return new GithubClient(platformHttp, properties.github().apiUrl(), GithubClient.TIMEOUT, settings.connectTimeout());
    }
}
