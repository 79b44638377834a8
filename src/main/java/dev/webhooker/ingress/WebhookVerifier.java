package dev.webhooker.ingress;

import java.time.Clock;
import java.util.regex.Pattern;

/**
 * Step "verify": finds the secret that applies (the group's own on {@code /webhook/{groupId}}, the
 * operator's on {@code /webhook}), detects the provider and checks the signature. Apart from the
 * group secret lookup nothing here reads storage, so unauthenticated requests cost no database work.
 */
public final class WebhookVerifier {

    /** The group id pattern of the config model; anything else cannot be a group, so no lookup. */
    private static final Pattern GROUP_ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,99}");

    private final GroupDirectory groups;
    private final IngressSecrets secrets;
    private final ProviderDetector detector;
    private final WebhookAuthenticator authenticator;
    private final Clock clock;

    public WebhookVerifier(GroupDirectory groups, IngressSecrets secrets, ProviderDetector detector,
            WebhookAuthenticator authenticator, Clock clock) {
        this.groups = groups;
        this.secrets = secrets;
        this.detector = detector;
        this.authenticator = authenticator;
        this.clock = clock;
    }

    public VerifiedWebhook verify(ReceivedWebhook request) {
        String secret;
        boolean requireReplay;
        if (request.groupId() != null) {
            GroupDirectory.GroupCredentials group = GROUP_ID.matcher(request.groupId()).matches()
                    ? groups.credentials(request.groupId()).orElse(null)
                    : null;
            if (group == null) {
                throw new WebhookRejectedException(Rejection.GROUP_NOT_FOUND, null);
            }
            secret = group.secret();
            requireReplay = group.requireReplayProtection();
        } else {
            secret = null;
            requireReplay = secrets.requireReplayProtection();
        }
        Provider provider = detector.detect(request.headers());
        if (request.groupId() == null) {
            secret = secrets.forProvider(provider);
            if (secret == null || secret.isBlank()) {
                // the server is not set up for this provider: say so, rather than blame the sender's signature
                throw new WebhookRejectedException(Rejection.INVALID_SIGNATURE, "this endpoint has no secret for "
                        + provider.wireName() + " deliveries (" + IngressSecrets.settingFor(provider) + " is not set on the server)");
            }
        }
        Authentication authentication;
        try {
            authentication = authenticator.authenticate(provider, request.headers(), request.body(), secret, requireReplay,
                    clock.instant());
        } catch (WebhookRejectedException rejected) {
            if (request.groupId() == null || rejected.rejection() != Rejection.INVALID_SIGNATURE) {
                throw rejected;
            }
            // during a rotation's overlap the sender may still sign with the secret it had
            String previous = groups.previousSecret(request.groupId()).orElseThrow(() -> rejected);
            authentication = authenticator.authenticate(provider, request.headers(), request.body(), previous, requireReplay,
                    clock.instant());
        }
        return new VerifiedWebhook(request, provider, authentication);
    }
}
