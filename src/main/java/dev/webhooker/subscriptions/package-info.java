/**
 * Subscriptions made from a chat: {@code /gh subscribe owner/repo}, {@code /gh unsubscribe owner/repo} and
 * {@code /gh subscriptions}, typed by a linked user who administers a group. A subscription is an ordinary route of
 * that group, with the chat as its target, made from chat ({@code source = chat}); the chat commands of each platform
 * parse what was typed and check who typed it, and {@link dev.webhooker.subscriptions.ChatSubscriptions} does the rest.
 */
package dev.webhooker.subscriptions;
