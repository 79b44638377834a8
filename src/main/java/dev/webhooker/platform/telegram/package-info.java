/**
 * Telegram: the HTML renderer and its limits, rich-header links, the Bot API client (per-chat limits,
 * {@code retry_after}), and the {@code telegram:} Camel component ({@code telegram:sendMessage} and the other Bot API
 * methods) the delivery route sends through.
 */
package dev.webhooker.platform.telegram;
