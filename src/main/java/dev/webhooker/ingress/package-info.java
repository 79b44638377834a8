/**
 * The front door behind routes/ingress.camel.yaml: reading and verifying a webhook (GitHub, Gitea, signed custom
 * JSON), the SQL-backed idempotent consumer, the claim check for large bodies, routing, and the durable delivery row
 * committed before the 2xx.
 */
package dev.webhooker.ingress;
