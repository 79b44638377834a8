package dev.webhooker.ingress;

/** A request whose signature matched the secret of its endpoint and provider. */
public record VerifiedWebhook(ReceivedWebhook received, Provider provider, Authentication authentication) {
}
