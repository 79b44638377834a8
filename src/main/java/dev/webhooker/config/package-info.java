/**
 * The settings webhooker reads (the original's environment variable names), their checks at start-up with one-line
 * failures, and the process-level wiring: route files, the shutdown order and the SIGTERM exit code.
 */
package dev.webhooker.config;
