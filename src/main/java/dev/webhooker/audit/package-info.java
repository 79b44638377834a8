/**
 * The audit log ({@code audit_log}): one entry per administrative write, sign-in and GitHub action, with who did it,
 * from where and what came of it. Written by the admin API, the sign-in, installation provisioning and the actions.
 */
package dev.webhooker.audit;
