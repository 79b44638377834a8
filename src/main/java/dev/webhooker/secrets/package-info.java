/**
 * Secrets at rest: the encryption key ({@code WEBHOOKER_SECRET_KEY}, or a key file on the embedded default), AES-GCM
 * sealing of users' tokens and group webhook secrets with key rotation, and each tenant's secret lookup.
 */
package dev.webhooker.secrets;
