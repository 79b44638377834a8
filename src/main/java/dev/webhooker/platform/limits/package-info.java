/**
 * Platform rate limits: when a call to Discord, Telegram, Slack or a webhook URL may go. {@link
 * dev.webhooker.platform.limits.RateLimits} is the face; the state (blocks a platform asked for, token buckets of
 * the rates it publishes) is kept by one of three stores: this instance's memory, Redis or PostgreSQL, chosen by
 * what the deployment configures.
 */
package dev.webhooker.platform.limits;
