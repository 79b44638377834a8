/**
 * Telegram commands ({@code POST /telegram/webhook}): the secret-token check, {@code update_id} dedup, the
 * {@code /gh} parser, the notification a command replies to, and the replies in Telegram HTML.
 */
package dev.webhooker.chat.telegram;
