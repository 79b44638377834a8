package dev.webhooker.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Dispatches {@code java -jar webhooker.jar <command> …}; without a command the service starts as usual. */
public final class Commands {

    /** The exit status of a command used wrongly (sysexits' EX_USAGE). */
    static final int USAGE = 64;

    private static final Map<String, Command> COMMANDS = Map.of("export-config", new ExportConfigCommand(),
            "import", new ImportCommand(), "plan", new RemoteConfigCommand(RemoteConfigCommand.Mode.PLAN),
            "apply", new RemoteConfigCommand(RemoteConfigCommand.Mode.APPLY),
            "export", new RemoteConfigCommand(RemoteConfigCommand.Mode.EXPORT));

    private static final List<String> HELP = List.of("--help", "-h", "help");

    interface Command {
        int run(String[] args, PrintStream out, PrintStream err);

        String usage();
    }

    private Commands() {
    }

    /** What {@code --help} prints: how to start the service, and each command. */
    static String usage() {
        StringBuilder usage = new StringBuilder("""
                Usage: java -jar webhooker.jar [--spring.option=value …]   starts the service (settings: environment variables)
                       java -jar webhooker.jar <command> [options]          runs one command and exits
                       java -jar webhooker.jar --help                       prints this

                Commands:
                """);
        COMMANDS.keySet().stream().sorted().forEach(name -> usage.append("\n").append(COMMANDS.get(name).usage().strip()).append('\n'));
        return usage.toString();
    }

    /**
     * Whether {@code args} are for a command rather than the service: Spring's options start with {@code --}, so any
     * other first word is a command (or a mistyped one, which is refused rather than starting the service), and
     * {@code --help} / {@code -h} ask for the usage.
     */
    public static boolean isCommand(String[] args) {
        return args.length > 0 && (!args[0].startsWith("--") || HELP.contains(args[0]));
    }

    /** Runs the command {@code args} name; its exit status. */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (HELP.contains(args[0])) {
            out.print(usage());
            return 0;
        }
        Command command = COMMANDS.get(args[0]);
        if (command == null) {
            err.println("Unknown command: " + args[0]);
            err.println();
            err.print(usage());
            return USAGE;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (Arrays.asList(rest).contains("--help")) {
            out.println(command.usage());
            return 0;
        }
        return command.run(rest, out, err);
    }
}
