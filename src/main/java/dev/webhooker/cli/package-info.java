/**
 * The jar's commands besides running the service ({@code java -jar webhooker.jar export-config}…): each starts the
 * application's storage headless (no HTTP, no routes, no schedules, no config file applied), does its work, and exits
 * with a status and a line on standard error for anything that went wrong.
 */
package dev.webhooker.cli;
