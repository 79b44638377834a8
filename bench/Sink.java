import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Fake Discord + Telegram for the benchmark (source-file mode: {@code java bench/Sink.java PORT}), bound to
 * 127.0.0.1. Answers like the platforms: Discord {@code POST /channels/{id}/messages} → {"id":"…"},
 * Telegram {@code POST /bot{token}/sendMessage} → {"ok":true,"result":{"message_id":…}}. Records the arrival
 * time of every message with the "bench#SEQ#" marker the load client put into the payload. A webhook target's
 * {@code POST /hooks/...} gets {@code {}}.
 *
 *   GET /control/latency?ms=N   answer every platform call N ms late (0 = at once)
 *   GET /control/count          messages recorded so far
 *   GET /control/dump?file=F    write "seq\tarrival_us\tplatform" lines to F and forget them
 *   GET /control/hold?on=1|0    hold every platform call unanswered (and unrecorded) until hold is off again: the
 *                               service's queue fills up behind its workers, for the backlog point
 */
public class Sink {

    static final Pattern MARKER = Pattern.compile("bench#(\\d+)#");
    static final ConcurrentLinkedQueue<String> arrivals = new ConcurrentLinkedQueue<>();
    static final AtomicLong ids = new AtomicLong(1_000_000);
    static final AtomicLong count = new AtomicLong();
    static volatile long latencyMs;
    static final Object holdLock = new Object();
    static boolean hold;

    public static void main(String[] args) throws IOException {
        // without it the JDK server's separate header and body writes meet the client's delayed ACK:
        // every answer would take ~40 ms (Nagle), which is the sink's doing, not the service's
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 512);
        // a thread per call in flight: a held call parks its thread, so with a fixed pool more held calls than threads
        // (64 delivery workers × 3 targets) left no thread for the control call that lets them go
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", Sink::handle);
        server.start();
        System.out.println("sink listening on 127.0.0.1:" + args[0]);
    }

    static void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            if (path.startsWith("/control/")) {
                control(ex, path);
                return;
            }
            awaitRelease();
            long at = micros();
            byte[] body;
            try (InputStream in = ex.getRequestBody()) {
                body = in.readAllBytes();
            }
            String platform = path.startsWith("/bot") ? "telegram" : path.startsWith("/hooks/") ? "webhook" : "discord";
            Matcher m = MARKER.matcher(new String(body, StandardCharsets.UTF_8));
            if (m.find()) {
                arrivals.add(m.group(1) + "\t" + at + "\t" + platform);
            }
            count.incrementAndGet();
            long delay = latencyMs;
            if (delay > 0) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            long id = ids.incrementAndGet();
            String answer = switch (platform) {
                case "telegram" -> "{\"ok\":true,\"result\":{\"message_id\":" + id + ",\"date\":" + (at / 1_000_000)
                        + ",\"chat\":{\"id\":-100123}}}";
                case "webhook" -> "{}";
                default -> "{\"id\":\"" + id + "\",\"channel_id\":\"222222222222222222\",\"type\":0}";
            };
            send(ex, 200, answer);
        }
    }

    static void control(HttpExchange ex, String path) throws IOException {
        String query = ex.getRequestURI().getQuery();
        switch (path) {
            case "/control/latency" -> {
                latencyMs = Long.parseLong(query.substring("ms=".length()));
                send(ex, 200, "latency " + latencyMs);
            }
            case "/control/hold" -> {
                synchronized (holdLock) {
                    hold = query.equals("on=1");
                    holdLock.notifyAll();
                }
                send(ex, 200, "hold " + hold);
            }
            case "/control/count" -> send(ex, 200, Long.toString(count.get()));
            case "/control/dump" -> {
                Path file = Path.of(query.substring("file=".length()));
                int n = 0;
                try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
                    String line;
                    while ((line = arrivals.poll()) != null) {
                        w.println(line);
                        n++;
                    }
                }
                count.set(0);
                send(ex, 200, Integer.toString(n));
            }
            default -> send(ex, 404, "unknown control " + path);
        }
    }

    static void awaitRelease() {
        synchronized (holdLock) {
            while (hold) {
                try {
                    holdLock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    static void send(HttpExchange ex, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    static long micros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }
}
