package dev.webhooker.routing;

/**
 * Seals the secrets a target carries (a webhook's signing secrets) wherever configuration is stored or shown, and
 * opens what it sealed: {@link ConfigJson} writes only sealed values and takes either form back, so a route read
 * from the admin API or exported as YAML can be sent back unchanged without anyone seeing the secret.
 */
public interface SecretSeal {

    /** Whether {@code value} has the sealed form (rather than being a secret in clear). */
    boolean isSealed(String value);

    String seal(String plain);

    /** The secret in clear; a RuntimeException whose message says why when this instance cannot open it. */
    String open(String sealed);
}
