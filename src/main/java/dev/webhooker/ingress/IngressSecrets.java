package dev.webhooker.ingress;

/**
 * The operator's secrets for the global endpoint (spec §1.5): GitHub and custom deliveries use
 * {@code GITHUB_WEBHOOK_SECRET}, Gitea uses {@code GITEA_WEBHOOK_SECRET}. {@code requireReplayProtection}
 * refuses body-only custom signatures on the global endpoint.
 */
public record IngressSecrets(String github, String gitea, boolean requireReplayProtection) {

    String forProvider(Provider provider) {
        return provider == Provider.GITEA ? gitea : github;
    }
}
