package dev.webhooker.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A real Kafka broker for the tests: one KRaft node (broker and controller, no ZooKeeper) from the jars the build
 * resolves into target/kafka/lib (tools/kafka/pom.xml), run as a separate process on free loopback ports with its data
 * in a temporary folder. {@link #stop()} and {@link #start()} again keep the ports and the data, as a broker that was
 * down and came back; {@link #close()} stops it for good and deletes the data.
 */
public final class TestKafka implements AutoCloseable {

    private final Path dir;
    private final int port;
    private final int controllerPort;
    private Process process;

    private TestKafka(Path dir, int port, int controllerPort) {
        this.dir = dir;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** A formatted, started broker. */
    public static TestKafka started() {
        try {
            Path dir = Files.createTempDirectory("webhooker-kafka");
            TestKafka kafka = new TestKafka(dir, freePort(), freePort());
            kafka.format();
            kafka.start();
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code 127.0.0.1:<port>}: what a client's bootstrap servers (and camel-kafka's {@code brokers}) name. */
    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            process = java("kafka.Kafka", dir.resolve("server.properties").toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("kafka.log").toFile())).start();
            Process started = process;
            Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the Kafka broker exited: " + Files.readString(dir.resolve("kafka.log")));
                }
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    return;
                } catch (IOException notYet) {
                    Thread.sleep(200);
                }
            }
            throw new IllegalStateException("the Kafka broker did not listen within 60 s");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops the broker (its data stays) and waits until it has. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(Duration.ofSeconds(30).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    @Override
    public void close() {
        stop();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }

    private void format() throws IOException {
        Files.writeString(dir.resolve("server.properties"), String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "num.partitions=3",
                "auto.create.topics.enable=true", ""));
        try {
            Process format = java("kafka.tools.StorageTool", "format", "-t", clusterId(), "-c", dir.resolve("server.properties").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("format.log").toFile()).start();
            if (format.waitFor() != 0) {
                throw new IllegalStateException("formatting the Kafka storage failed: " + Files.readString(dir.resolve("format.log")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A cluster id as Kafka writes them: 16 random bytes, base64 (URL-safe, unpadded). */
    private static String clusterId() {
        UUID uuid = UUID.randomUUID();
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    private static ProcessBuilder java(String main, String... args) {
        String lib = System.getProperty("webhooker.test.kafka.lib", "target/kafka/lib");
        if (!new File(lib).isDirectory()) {
            throw new IllegalStateException("the Kafka broker's class path is not at " + lib
                    + " (the Maven build resolves it in process-test-resources)");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = new String[6 + args.length];
        command[0] = java;
        command[1] = "-Xmx256m";
        command[2] = "-XX:TieredStopAtLevel=1";
        command[3] = "-cp";
        command[4] = lib + File.separator + "*";
        command[5] = main;
        System.arraycopy(args, 0, command, 6, args.length);
        return new ProcessBuilder(command);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
