/**
 * The delivery engine behind routes/delivery.camel.yaml: what happens to a delivery claimed from the queue
 * ({@link dev.webhooker.queue}): the (route x target) plan, the steps the route calls ({@link dev.webhooker.delivery.DeliverySteps},
 * {@link dev.webhooker.delivery.TargetSteps}) and the rules they apply — the per-target state machine, the retry
 * policy, the stale-edit guard — as plain Java. Platform requests are described here ({@link
 * dev.webhooker.delivery.PlatformCall}) and made by the platform endpoints.
 */
package dev.webhooker.delivery;
