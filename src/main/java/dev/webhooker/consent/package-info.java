/**
 * Chats consenting to a group's messages: the short-lived, single-use claim codes a group's admins show in the
 * console, {@code /gh claim <code>} redeemed from a chat, a super admin's approval and the revocation of a claim.
 * The claims themselves are configuration ({@code chat_claims}, read into every snapshot); the delivery engine holds
 * a target whose chat has not claimed its group.
 */
package dev.webhooker.consent;
