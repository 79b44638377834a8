/**
 * The Quartz routes of routes/maintenance.camel.yaml: storage and audit pruning in short batches, and the Discord
 * command and Telegram webhook sync.
 */
package dev.webhooker.maintenance;
