package dev.webhooker.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;

import dev.webhooker.access.ScopeResolver;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.importer.D1Export;
import dev.webhooker.importer.ImportReport;
import dev.webhooker.importer.KvDump;
import dev.webhooker.importer.WebHookerImport;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * {@code import --d1 FILE [--kv FILE] [--dry-run]}: a WebHooker deployment's D1 export and KV dump into this one
 * ({@link WebHookerImport}), with a report of what was created, updated, left as it was, skipped and why, and what is
 * unknown. Both files are read whole before anything is written; a malformed one is an error naming its line or entry.
 */
final class ImportCommand implements Commands.Command {

    private final Supplier<ConfigurableApplicationContext> storage;

    ImportCommand() {
        this(HeadlessApp::start);
    }

    /** {@code storage} starts the application headless (tests start it without turning console logging off). */
    ImportCommand(Supplier<ConfigurableApplicationContext> storage) {
        this.storage = storage;
    }

    @Override
    public String usage() {
        return """
                usage: java -jar webhooker.jar import --d1 EXPORT.sql [--kv DUMP.json] [--dry-run]
                  EXPORT.sql: what `wrangler d1 export <db> --output EXPORT.sql` or `sqlite3 <file> .dump` writes
                  (groups, routes, chat links, message tracking, dedup keys, audit and send logs; SQLite's and D1's
                  own tables are skipped); DUMP.json: a JSON array of {key, value, expiration?} as the `wrangler kv`
                  bulk commands use (group webhook secrets, i18n overrides, dedup keys, sessions, pending invites).
                  Into the database of DATABASE_URL (or the embedded one in DATA_DIR) and its KV store. --dry-run
                  reports without writing. Running it twice changes nothing the second time.""";
    }

    /** DEDUP_WINDOW, or the catalogue's 7 days when it is not bound. */
    private static Duration dedupWindow(WebhookerProperties properties) {
        Duration window = properties.ingress() == null ? null : properties.ingress().dedupWindow();
        return window != null ? window : KvKeys.DELIVERY_DEDUP.ttl();
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        Path d1 = null;
        Path kv = null;
        boolean dryRun = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--dry-run")) {
                dryRun = true;
            } else if ((arg.equals("--d1") || arg.equals("--kv")) && i + 1 < args.length) {
                Path file = Path.of(args[++i]);
                if (arg.equals("--d1")) {
                    d1 = file;
                } else {
                    kv = file;
                }
            } else {
                err.println("import: unexpected argument " + arg + (arg.startsWith("--") ? " (or its value is missing)" : ""));
                err.println(usage());
                return Commands.USAGE;
            }
        }
        if (d1 == null) {
            err.println("import: --d1 EXPORT.sql is required");
            err.println(usage());
            return Commands.USAGE;
        }
        ObjectMapper mapper = new ObjectMapper();
        D1Export export;
        KvDump dump;
        try {
            export = D1Export.parse(Files.readString(d1, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            err.println("import: " + d1 + ": " + e.getMessage());
            return 1;
        }
        try {
            dump = kv == null ? new KvDump(List.of()) : KvDump.parse(Files.readString(kv, StandardCharsets.UTF_8), mapper);
        } catch (IOException | IllegalArgumentException e) {
            err.println("import: " + kv + ": " + e.getMessage());
            return 1;
        }
        try (ConfigurableApplicationContext app = storage.get()) {
            WebHookerImport importer = new WebHookerImport(app.getBean(DataSource.class),
                    app.getBean(PlatformTransactionManager.class), app.getBean(ConfigRepository.class), app.getBean(KvStore.class),
                    app.getBean(TenantSecrets.class), mapper, app.getBean(ScopeResolver.class),
                    dedupWindow(app.getBean(WebhookerProperties.class)),
                    app.getBeanProvider(Clock.class).getIfAvailable(Clock::systemUTC));
            ImportReport report = importer.run(export, dump, dryRun);
            out.print(report.describe());
            out.println(dryRun ? "dry run: nothing was written" : report.changes() ? "imported" : "nothing to change");
            return 0;
        } catch (WebHookerImport.KvPartFailed e) {
            err.println("import: the database part is imported, but the KV part stopped (" + HeadlessApp.reason(e)
                    + "); run the import again to finish it");
            return 1;
        } catch (RuntimeException e) {
            err.println("import: nothing was imported: " + HeadlessApp.reason(e));
            return 1;
        }
    }
}
