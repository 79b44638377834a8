package dev.webhooker.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The command line: the service starts only when asked to (no word, or Spring options); help and typos never start it. */
class CommandsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Commands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void onlyNoArgumentsOrSpringOptionsStartTheService() {
        assertThat(Commands.isCommand(new String[0])).isFalse();
        assertThat(Commands.isCommand(new String[] {"--server.port=9090", "--spring.main.banner-mode=off"})).isFalse();
        assertThat(Commands.isCommand(new String[] {"--help"})).isTrue();
        assertThat(Commands.isCommand(new String[] {"-h"})).isTrue();
        assertThat(Commands.isCommand(new String[] {"expot-config"})).as("a typo").isTrue();
        assertThat(Commands.isCommand(new String[] {"export-config", "--out", "x.yaml"})).isTrue();
    }

    @Test
    void helpPrintsEveryCommandAndExitsZero() {
        assertThat(run("--help")).isZero();
        String usage = out.toString(StandardCharsets.UTF_8);
        assertThat(usage).contains("Usage: java -jar webhooker.jar", "export-config", "import");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void anUnknownCommandIsNamedWithTheUsageAndExitsSixtyFour() {
        assertThat(run("expot-config", "--out", "x.yaml")).isEqualTo(Commands.USAGE);
        String said = err.toString(StandardCharsets.UTF_8);
        assertThat(said).startsWith("Unknown command: expot-config").contains("export-config");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aCommandsOwnHelp() {
        assertThat(run("export-config", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("usage: java -jar webhooker.jar export-config");
    }
}
