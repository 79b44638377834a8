package dev.webhooker.ingress;

import static dev.webhooker.ingress.HeaderNames.*;

/**
 * Gitea first (it also sends the GitHub headers), then GitHub, then a signed custom
 * delivery (our own header or the Standard Webhooks one). Anything else is refused.
 */
public final class ProviderDetector {

    public Provider detect(WebhookHeaders headers) {
        if (headers.has(GITEA_EVENT)) {
            return Provider.GITEA;
        }
        if (headers.has(GITHUB_EVENT)) {
            return Provider.GITHUB;
        }
        if (headers.has(CUSTOM_SIGNATURE) || headers.has(STANDARD_SIGNATURE)) {
            return Provider.CUSTOM;
        }
        throw new WebhookRejectedException(Rejection.UNKNOWN_PROVIDER,
                "expected X-GitHub-Event, X-Gitea-Event, X-WebHooker-Signature or webhook-signature");
    }
}
