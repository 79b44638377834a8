/**
 * The delivery queue: the {@code delivery_state} rows (one per accepted webhook and endpoint) and their
 * {@code delivery_targets} plan rows, and the only SQL on them. Its face is small: enqueue (inside the ingress
 * transaction), claim with a lease, renew, reschedule, finish, give back, re-open (replays and redeliveries), prune,
 * rename a group, and the reads of the admin views and the gauges. It also owns the wake-ups: a committed delivery
 * wakes this instance's poller, and on PostgreSQL every other instance's ({@code NOTIFY webhooker_deliveries}).
 */
package dev.webhooker.queue;
