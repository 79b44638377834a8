package dev.webhooker.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.webhooker.WebhookerApplication;

/**
 * One webhooker instance as its own JVM, started from the test class path with the environment it is given (and
 * none of the test runner's settings). Killed with SIGKILL or stopped with SIGTERM as an orchestrator would.
 */
final class AppProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    final String name;
    final int port;
    private final Path log;
    private final Process process;

    private AppProcess(String name, int port, Path log, Process process) {
        this.name = name;
        this.port = port;
        this.log = log;
        this.process = process;
    }

    static AppProcess start(String name, Path dir, Map<String, String> settings) throws IOException {
        int port = freePort();
        Path log = dir.resolve(name + ".log");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-cp", classpath, WebhookerApplication.class.getName())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(key -> !List.of("PATH", "HOME", "LANG", "TZ").contains(key));
        env.putAll(settings);
        env.put("PORT", Integer.toString(port));
        env.put("MANAGEMENT_PORT", "0");
        env.put("DATA_DIR", Files.createDirectories(dir.resolve(name + "-data")).toString());
        Process process = builder.start();
        // an aborted test run must not leave the instance running
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
        return new AppProcess(name, port, log, process);
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    boolean alive() {
        return process.isAlive();
    }

    void awaitHealthy() throws Exception {
        HttpRequest health = HttpRequest.newBuilder(URI.create(url("/health"))).timeout(Duration.ofSeconds(10)).GET().build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " exited during start-up; log:\n" + logTail());
            }
            try {
                if (HTTP.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(300);
        }
        throw new AssertionError(name + ": GET /health was not 200 within " + START_TIMEOUT + "; log:\n" + logTail());
    }

    /** SIGKILL: no shutdown hook, no draining; whatever was in flight stops where it was. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, as a rolling restart sends it; waits for the graceful shutdown to end. */
    int stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            throw new AssertionError(name + " did not stop within 90 s of SIGTERM; log:\n" + logTail());
        }
        return process.exitValue();
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    String logText() throws IOException {
        return Files.readString(log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
