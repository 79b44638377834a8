/**
 * Slack targets: the Block Kit rendering of the neutral message ({@link dev.webhooker.platform.slack.SlackRenderer}),
 * and the {@code slack:} Camel component that posts it to an incoming webhook, or through the bot (SLACK_TOKEN) with
 * chat.postMessage and chat.update for in-place CI runs.
 */
package dev.webhooker.platform.slack;
