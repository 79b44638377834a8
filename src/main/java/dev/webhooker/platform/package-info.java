/**
 * The platforms, one package each ({@code discord}, {@code telegram}, {@code slack}, {@code teams}, {@code webhook}):
 * its target, its configuration rules ({@link dev.webhooker.routing.TargetPlatform}), its renderer, its requests
 * ({@link dev.webhooker.platform.PlatformDelivery}), its Camel component and its error codes. This package holds what
 * they share: the engine's view of all of them ({@link dev.webhooker.platform.Platforms}), the HTTP client, the
 * bot-token warnings; {@code limits} and {@code markup} hold the rate-limit state and the neutral markdown.
 */
package dev.webhooker.platform;
