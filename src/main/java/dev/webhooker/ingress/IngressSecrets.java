package dev.webhooker.ingress;

import java.util.ArrayList;
import java.util.List;

/**
 * The operator's secrets for the global endpoint: GitHub and custom deliveries use
 * {@code GITHUB_WEBHOOK_SECRET}, Gitea uses {@code GITEA_WEBHOOK_SECRET}. {@code requireReplayProtection}
 * refuses body-only custom signatures on the global endpoint.
 */
record IngressSecrets(String github, String gitea, boolean requireReplayProtection) {

    String forProvider(Provider provider) {
        return provider == Provider.GITEA ? gitea : github;
    }

    /** The environment variable that holds {@link #forProvider}'s secret. */
    static String settingFor(Provider provider) {
        return provider == Provider.GITEA ? "GITEA_WEBHOOK_SECRET" : "GITHUB_WEBHOOK_SECRET";
    }

    /** One line per provider whose deliveries the global endpoint refuses for want of a secret (empty when none). */
    public List<String> unconfigured() {
        List<String> lines = new ArrayList<>();
        if (github == null || github.isBlank()) {
            lines.add("GITHUB_WEBHOOK_SECRET is not set: POST /webhook refuses GitHub and custom deliveries with 401 "
                    + "(POST /webhook/{groupId} uses the group's own secret)");
        }
        if (gitea == null || gitea.isBlank()) {
            lines.add("GITEA_WEBHOOK_SECRET is not set: POST /webhook refuses Gitea deliveries with 401 "
                    + "(POST /webhook/{groupId} uses the group's own secret)");
        }
        return lines;
    }
}
