/**
 * {@code /health}, as the original answers it: every storage dependency probed in parallel, the answer always within
 * a second (a hung dependency counts as down), why one is down logged and never shown.
 */
package dev.webhooker.health;
