package dev.webhooker.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import org.springframework.context.ConfigurableApplicationContext;

import dev.webhooker.configfile.ConfigExport;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.UnreadableConfigException;
import dev.webhooker.store.UnreadableRow;

/**
 * {@code export-config [--out FILE] [--group ID]}: the groups and routes in the database as the config file
 * (WEBHOOKER_CONFIG) writes them, secrets sealed by this deployment's key, to standard output or {@code FILE}; with
 * {@code --group}, that group and its routes only.
 */
final class ExportConfigCommand implements Commands.Command {

    private final Supplier<ConfigurableApplicationContext> storage;

    ExportConfigCommand() {
        this(HeadlessApp::start);
    }

    /** {@code storage} starts the application headless (tests start it without turning console logging off). */
    ExportConfigCommand(Supplier<ConfigurableApplicationContext> storage) {
        this.storage = storage;
    }

    @Override
    public String usage() {
        return """
                usage: java -jar webhooker.jar export-config [--out FILE] [--group ID]
                  Writes the groups and routes in the database (DATABASE_URL, or the embedded one in DATA_DIR) as a
                  config file: to standard output, or to FILE. Webhook secrets are sealed with WEBHOOKER_SECRET_KEY, and
                  this deployment reads them back as they are.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        Path file = null;
        String group = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ((arg.equals("--out") || arg.equals("--group")) && i + 1 < args.length) {
                if (arg.equals("--out")) {
                    file = Path.of(args[++i]);
                } else {
                    group = args[++i];
                }
            } else {
                err.println("export-config: unexpected argument " + arg + (arg.startsWith("--") ? " (or its value is missing)" : ""));
                err.println(usage());
                return Commands.USAGE;
            }
        }
        String yaml;
        try (ConfigurableApplicationContext app = storage.get()) {
            ConfigRepository repository = app.getBean(ConfigRepository.class);
            ConfigSnapshot config = repository.load();
            String only = group;
            // a config file that silently lacks rows would lose them wherever it is applied
            List<UnreadableRow> unread = repository.unreadableRows().stream()
                    .filter(row -> only == null || only.equals(row.groupId())).toList();
            if (!unread.isEmpty()) {
                throw UnreadableConfigException.onRead(unread, "the export");
            }
            List<Group> groups = config.groups().stream().filter(g -> only == null || g.id().equals(only)).toList();
            if (only != null && groups.isEmpty()) {
                err.println("export-config: no group " + only + " in the database");
                return 1;
            }
            List<Route> routes = config.routes().stream()
                    .filter(r -> only == null || only.equals(r.groupId())).toList();
            yaml = new ConfigExport(app.getBean(SecretSeal.class)).yaml(groups, routes);
            if (file == null) {
                out.print(yaml);
                out.flush();
            } else {
                Files.writeString(file, yaml, StandardCharsets.UTF_8);
                err.println("export-config: " + groups.size() + " group(s) and " + routes.size() + " route(s) written to " + file);
            }
            return 0;
        } catch (IOException e) {
            err.println("export-config: could not write " + file + ": " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err.println("export-config: " + HeadlessApp.reason(e));
            return 1;
        }
    }
}
