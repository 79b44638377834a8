package dev.webhooker.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;

/** Dispatches {@code java -jar webhooker.jar <command> …}; without a command the service starts as usual. */
public final class Commands {

    /** The exit status of a command used wrongly (sysexits' EX_USAGE). */
    static final int USAGE = 64;

    private static final Map<String, Command> COMMANDS = Map.of("export-config", new ExportConfigCommand(),
            "import", new ImportCommand());

    interface Command {
        int run(String[] args, PrintStream out, PrintStream err);

        String usage();
    }

    private Commands() {
    }

    /** Whether {@code args} name a command rather than start the service (Spring options start with --). */
    public static boolean isCommand(String[] args) {
        return args.length > 0 && COMMANDS.containsKey(args[0]);
    }

    /** Runs the command {@code args} name; its exit status. */
    public static int run(String[] args) {
        Command command = COMMANDS.get(args[0]);
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (Arrays.asList(rest).contains("--help")) {
            System.out.println(command.usage());
            return 0;
        }
        return command.run(rest, System.out, System.err);
    }
}
