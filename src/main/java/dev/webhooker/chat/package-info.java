/**
 * Acting from chat: the texts of the bot's replies, in the user's language, shared by the Discord
 * interactions ({@code chat.discord}) and the Telegram commands ({@code chat.telegram}). The actions
 * themselves run through {@code dev.webhooker.actions}; account links live with the sign-in.
 */
package dev.webhooker.chat;
