/**
 * Moving over from WebHooker: {@code java -jar webhooker.jar import --d1 export.sql --kv dump.json [--dry-run]} reads
 * the D1 export or SQLite dump ({@link dev.webhooker.importer.D1Export}) and the KV dump
 * ({@link dev.webhooker.importer.KvDump}) and loads them in one go ({@link dev.webhooker.importer.WebHookerImport}),
 * reporting every row and key it took, left as it was, or skipped and why.
 */
package dev.webhooker.importer;
