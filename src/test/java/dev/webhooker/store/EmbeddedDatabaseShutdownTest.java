package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatabaseShutdownTest {

    @TempDir
    Path dataDir;

    @Test
    void theEmbeddedDatabaseStaysOpenForWorkThatFinishesDuringShutdown() throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", classpath, ExitQueryProbe.class.getName(),
                dataDir.toString()).redirectErrorStream(true).start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(output).contains("statement after exit: ok");
        assertThat(Files.exists(dataDir.resolve("webhooker.mv.db"))).isTrue();
    }
}
