/**
 * Teams targets: the Adaptive Card rendering of the neutral message ({@link dev.webhooker.platform.teams.TeamsRenderer})
 * and the {@code teams:} Camel component that posts it to a Teams workflow or incoming-webhook URL.
 */
package dev.webhooker.platform.teams;
