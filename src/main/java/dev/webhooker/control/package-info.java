/**
 * The admin API ({@code /admin/api/*}): groups, members, invites, routes, webhook secrets, send logs, deliveries and
 * replays, metrics, the YAML view, the dry run and API tokens, with strict JSON bodies and errors that name the field.
 */
package dev.webhooker.control;
