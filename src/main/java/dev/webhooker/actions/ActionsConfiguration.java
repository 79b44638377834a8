package dev.webhooker.actions;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.github.GithubClient;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.signin.GithubUserTokens;
import dev.webhooker.signin.TokenVault;

/** GitHub actions as users (ACTIONS_RATE_LIMIT), through the GitHub client, and the link finder the chat commands share. */
@Configuration(proxyBeanMethods = false)
class ActionsConfiguration {

    @Bean
    GithubActions githubActions(WebhookerProperties properties, GithubClient githubClient, GithubUserTokens userTokens, TokenVault vault,
                                AuditLog audit) {
        UserTokens tokens = new UserTokens() {
            @Override
            public Optional<String> accessToken(String githubUserId) {
                return userTokens.accessToken(githubUserId);
            }

            @Override
            public void rejected(String githubUserId) {
                userTokens.rejected(githubUserId);
            }

            @Override
            public String login(String githubUserId) {
                return vault.read(githubUserId).map(TokenVault.StoredToken::login).filter(l -> !l.isBlank()).orElse(githubUserId);
            }
        };
        return new GithubActions(githubClient, tokens, new ActionRateLimit(properties.github().actionsRateLimit()), audit);
    }

    /** Gitea hosts are those the groups' forgeSources name as gitea, in the configuration in force. */
    @Bean
    ForgeLinks forgeLinks(ConfigSnapshots snapshots) {
        return new ForgeLinks(() -> giteaHosts(snapshots));
    }

    private static Set<String> giteaHosts(ConfigSnapshots snapshots) {
        return snapshots.current().groups().stream()
                .flatMap(group -> group.forgeSources().stream())
                .filter(source -> "gitea".equalsIgnoreCase(source.type()) && source.host() != null)
                .map(Group.ForgeSource::host)
                .map(host -> host.trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
    }
}
