/**
 * Discord interactions ({@code POST /discord/interactions}): the signature check, the {@code /gh} commands,
 * the three message context-menu commands, the comment modals and the PR buttons. Every answer is given
 * within Discord's 3 s: a reply, a modal, or a deferral whose result is edited in afterwards.
 */
package dev.webhooker.chat.discord;
