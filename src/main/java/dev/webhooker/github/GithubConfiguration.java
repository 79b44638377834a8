package dev.webhooker.github;

import java.net.http.HttpClient;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;

/** The GitHub client (GITHUB_API_URL) on the application's one HTTP client. */
@Configuration(proxyBeanMethods = false)
class GithubConfiguration {

    @Bean
    GithubClient githubClient(HttpClient platformHttpClient, WebhookerProperties properties) {
        return new GithubClient(platformHttpClient, properties.github().apiUrl(), GithubClient.TIMEOUT);
    }
}
