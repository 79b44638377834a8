package dev.webhooker.testsupport;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * A real S3-compatible server for the tests. Uses WEBHOOKER_TEST_S3_ENDPOINT when CI provides one;
 * otherwise starts s3proxy (class path resolved by the build into target/s3proxy/lib) as a separate
 * process on a free loopback port, once per test JVM, and stops it when the JVM exits.
 */
public final class TestS3 {

    public record Server(String endpoint, String accessKey, String secretKey) {
    }

    private static Server server;

    private TestS3() {
    }

    public static synchronized Server server() {
        if (server == null) {
            String given = System.getenv("WEBHOOKER_TEST_S3_ENDPOINT");
            server = given != null && !given.isBlank()
                    ? new Server(given, env("WEBHOOKER_TEST_S3_ACCESS_KEY", "local-access"),
                            env("WEBHOOKER_TEST_S3_SECRET_KEY", "local-secret"))
                    : startS3proxy();
        }
        return server;
    }

    private static Server startS3proxy() {
        String lib = System.getProperty("webhooker.test.s3proxy.lib", "target/s3proxy/lib");
        if (!new File(lib).isDirectory()) {
            throw new IllegalStateException("s3proxy class path not found at " + lib + " (the Maven build resolves it in process-test-resources)");
        }
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path dir = Files.createTempDirectory("webhooker-s3proxy");
            Path conf = dir.resolve("s3proxy.conf");
            Files.writeString(conf, String.join("\n",
                    "s3proxy.endpoint=http://127.0.0.1:" + port,
                    "s3proxy.authorization=aws-v2-or-v4",
                    "s3proxy.identity=local-access",
                    "s3proxy.credential=local-secret",
                    "jclouds.provider=transient-nio2",
                    "jclouds.identity=local-access",
                    "jclouds.credential=local-secret", ""));
            Path logback = dir.resolve("logback.xml");
            Files.writeString(logback, "<configuration><root level=\"OFF\"/></configuration>");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process process = new ProcessBuilder(java, "-Xmx128m", "-Dlogback.configurationFile=" + logback,
                    "-cp", lib + File.separator + "*", "org.gaul.s3proxy.Main", "--properties", conf.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("s3proxy.log").toFile())
                    .start();
            Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
            String endpoint = "http://127.0.0.1:" + port;
            awaitUp(endpoint, process, dir);
            return new Server(endpoint, "local-access", "local-secret");
        } catch (IOException e) {
            throw new IllegalStateException("cannot start s3proxy: " + e.getMessage(), e);
        }
    }

    private static void awaitUp(String endpoint, Process process, Path dir) throws IOException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("s3proxy exited: " + Files.readString(dir.resolve("s3proxy.log")));
            }
            try {
                HttpURLConnection connection = (HttpURLConnection) URI.create(endpoint + "/").toURL().openConnection();
                connection.setConnectTimeout(500);
                connection.getResponseCode();
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
        throw new IllegalStateException("s3proxy did not answer within 60 s");
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
