/**
 * Storage: the database (H2 or PostgreSQL, Flyway migrations, group commits), the KV store (SQL or Redis, with the
 * original's key patterns and TTLs) and the payload store (a directory or S3).
 */
package dev.webhooker.store;
