/**
 * Events to neutral messages: the formatter of each GitHub, Gitea and custom event, in the group's language (i18n
 * with KV overrides), and the group log summary. Knows nothing of any platform.
 */
package dev.webhooker.format;
