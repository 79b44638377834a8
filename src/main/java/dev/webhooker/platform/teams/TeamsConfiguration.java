package dev.webhooker.platform.teams;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.platform.webhook.EndpointPoster;

/** Teams: the {@code teams:} component and the delivery. A workflow's URL is its credential: there is no token to set. */
@Configuration(proxyBeanMethods = false)
class TeamsConfiguration {

    /** {@code teams:} in routes/delivery.camel.yaml. */
    @Bean("teams")
    TeamsComponent teamsComponent(EndpointPoster endpointPoster) {
        return new TeamsComponent(new TeamsClient(endpointPoster));
    }

    @Bean
    TeamsDelivery teamsDelivery() {
        return new TeamsDelivery();
    }
}
