package dev.webhooker.ingress;

/** The request headers ingress reads. */
final class HeaderNames {

    static final String GITHUB_EVENT = "X-GitHub-Event";
    static final String GITHUB_DELIVERY = "X-GitHub-Delivery";
    static final String GITHUB_SIGNATURE = "X-Hub-Signature-256";
    static final String GITEA_EVENT = "X-Gitea-Event";
    static final String GITEA_DELIVERY = "X-Gitea-Delivery";
    static final String GITEA_SIGNATURE = "X-Gitea-Signature";
    static final String CUSTOM_SIGNATURE = "X-WebHooker-Signature";
    static final String CUSTOM_TIMESTAMP = "X-WebHooker-Timestamp";
    static final String CUSTOM_NONCE = "X-WebHooker-Nonce";
    static final String STANDARD_ID = "webhook-id";
    static final String STANDARD_TIMESTAMP = "webhook-timestamp";
    static final String STANDARD_SIGNATURE = "webhook-signature";

    private HeaderNames() {
    }
}
