/**
 * The chat platforms: rendering a neutral message for Discord and Telegram, the requests that send or edit it, and
 * the shared rate-limit state. The {@code discord:} and {@code telegram:} Camel components live in their platform's
 * package; everything else here is plain Java.
 */
package dev.webhooker.platform;
