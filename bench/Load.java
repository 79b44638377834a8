import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Benchmark client (source-file mode, no dependencies: {@code java bench/Load.java MODE ...}). Loopback only:
 * every URL must point at 127.0.0.1 / localhost, and every run is bounded in count and time.
 *
 *   prepare SECRET FIXTURES_DIR OUT_DIR        signs the ingest mix for wrk (bench/ingest.lua): one body file
 *                                              and one manifest line (event, file, signature) per fixture
 *   rate    URL SECRET FIXTURE RATE SECONDS OUT   open loop: RATE webhooks/s for SECONDS, each body made unique
 *   blast   URLS SECRET FIXTURE COUNT CONCURRENCY OUT   closed loop: COUNT webhooks as fast as CONCURRENCY allows;
 *                                              URLS is one URL or several, comma-separated (instances of a
 *                                              cluster), taken in turn
 *   join    SENT ARRIVALS TARGETS                 accept-to-sink latency and deliveries/s from the two logs
 *   drain   ARRIVALS EXPECTED                     how fast a backlog of EXPECTED sends drained: sends/s between the
 *                                              arrival of the 40 % and the 95 % marks (the start, while workers
 *                                              ramp up, and the tail, while the last ones finish, left out)
 *   drip    URL SECRET FIXTURE DRIPPERS SECONDS RATE [PATHS]   slow senders: DRIPPERS connections each sending a
 *                                              body at one byte per second (reconnecting when answered) while RATE
 *                                              normal webhooks/s are sent to URL and /health is polled, for SECONDS.
 *                                              PATHS: "webhook" (default: the drippers post to URL) or "other" (a
 *                                              third each: /discord/interactions with well-formed signature
 *                                              headers, a POST to a path nothing serves, a PUT form to it)
 *
 * In rate/blast each request carries a sequence number in the commit message ("bench#SEQ#"), which the
 * rendered Discord/Telegram message keeps, so the fake sink (bench/Sink.java) can tell which webhook a
 * message belongs to. Each body is signed (X-Hub-Signature-256) and has a unique X-GitHub-Delivery.
 * The SENT log has one line per webhook: seq, send time, accept time (epoch µs), HTTP status.
 */
public class Load {

    /** The fixtures of the ingest mix and how often each is sent (the ~7-10 KB push dominates). */
    static final String[][] MIX = {
            {"push", "github/push/commits.json", "4"},
            {"push", "github/push/tag-deleted.json", "2"},
            {"push", "github/push/new-branch.json", "1"},
            {"issues", "github/issues/opened.json", "1"},
            {"pull_request", "github/pull_request/opened.json", "1"},
            {"release", "github/release/published.json", "1"},
            {"workflow_run", "github/workflow_run/completed.json", "1"},
            {"star", "github/star/created.json", "1"},
    };

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "prepare" -> prepare(args[1], Path.of(args[2]), Path.of(args[3]));
            case "rate" -> rate(URI.create(args[1]), args[2], Path.of(args[3]), Double.parseDouble(args[4]),
                    Integer.parseInt(args[5]), Path.of(args[6]));
            case "blast" -> blast(Arrays.stream(args[1].split(",")).map(URI::create).toList(), args[2], Path.of(args[3]), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]), Path.of(args[6]));
            case "join" -> join(Path.of(args[1]), Path.of(args[2]), Integer.parseInt(args[3]));
            case "drain" -> drain(Path.of(args[1]), Integer.parseInt(args[2]));
            case "drip" -> drip(URI.create(args[1]), args[2], Path.of(args[3]), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]), Double.parseDouble(args[6]), args.length > 7 && args[7].equals("other"));
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    static String sign(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    }

    static void prepare(String secret, Path fixtures, Path out) throws Exception {
        Files.createDirectories(out);
        StringBuilder manifest = new StringBuilder();
        int n = 0;
        for (String[] f : MIX) {
            Path src = fixtures.resolve(f[1]);
            if (!Files.exists(src)) {
                System.err.println("skipping missing fixture " + src);
                continue;
            }
            byte[] body = Files.readAllBytes(src);
            String file = out.resolve("body-" + n++ + ".json").toAbsolutePath().toString();
            Files.write(Path.of(file), body);
            for (int w = 0; w < Integer.parseInt(f[2]); w++) {
                manifest.append(f[0]).append(' ').append(file).append(' ').append(sign(secret, body)).append('\n');
            }
        }
        Files.writeString(out.resolve("manifest.txt"), manifest);
    }

    static URI loopbackOnly(URI url) {
        String host = url.getHost();
        if (!(host.equals("127.0.0.1") || host.equals("localhost") || host.equals("[::1]"))) {
            throw new IllegalArgumentException("the benchmark only sends to loopback, not " + host);
        }
        return url;
    }

    /**
     * The fixture with its commit messages replaced by a numbered marker: same size class, unique per request.
     * The marker also names this process, so the bodies of one invocation differ from those of the last: with
     * the same sequence numbers alone, every webhook after the first invocation was a byte-for-byte resend,
     * which the service (rightly) answers as a duplicate and never delivers.
     */
    static final class Bodies {
        final String template;
        final String needle;
        final String run = Long.toHexString(System.nanoTime()) + Long.toHexString(ProcessHandle.current().pid());

        Bodies(Path fixture) throws IOException {
            template = Files.readString(fixture);
            int at = template.indexOf("\"message\":");
            if (at < 0) {
                throw new IllegalArgumentException(fixture + " has no commit message to number");
            }
            int start = template.indexOf('"', at + 10) + 1;
            int end = template.indexOf("\\n", start);
            needle = template.substring(start, end);
        }

        byte[] body(long seq) {
            return template.replace(needle, "bench#" + seq + "# " + run).getBytes(StandardCharsets.UTF_8);
        }
    }

    static HttpRequest request(URI url, String secret, byte[] body, String runId, long seq) throws Exception {
        return HttpRequest.newBuilder(url)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", "push")
                .header("X-GitHub-Delivery", runId + "-" + seq)
                .header("X-Hub-Signature-256", sign(secret, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }

    static long micros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }

    static HttpClient client(int threads) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(threads)).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** Open loop: a request every 1/RATE s whatever the answers do (at most 256 outstanding). */
    static void rate(URI url, String secret, Path fixture, double rate, int seconds, Path out) throws Exception {
        loopbackOnly(url);
        Bodies bodies = new Bodies(fixture);
        String runId = "rate-" + Long.toHexString(System.nanoTime());
        HttpClient http = client(4);
        int total = (int) Math.round(rate * seconds);
        long[][] log = new long[total][];
        Semaphore outstanding = new Semaphore(256);
        CountDownLatch done = new CountDownLatch(total);
        long start = System.nanoTime();
        long intervalNs = (long) (1e9 / rate);
        for (int i = 0; i < total; i++) {
            long due = start + i * intervalNs;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            byte[] body = bodies.body(i);
            HttpRequest req = request(url, secret, body, runId, i);
            outstanding.acquire();
            long sent = micros();
            final int seq = i;
            http.sendAsync(req, HttpResponse.BodyHandlers.discarding()).whenComplete((r, e) -> {
                log[seq] = new long[]{seq, sent, micros(), e == null ? r.statusCode() : -1};
                outstanding.release();
                done.countDown();
            });
        }
        if (!done.await(60, TimeUnit.SECONDS)) {
            System.err.println("some requests never answered");
        }
        write(log, out);
        summary(log, (System.nanoTime() - start) / 1e9);
        System.exit(0);
    }

    /** Closed loop: COUNT webhooks by CONCURRENCY senders, as fast as they are accepted; webhook n goes to URL n mod size. */
    static void blast(List<URI> urls, String secret, Path fixture, int count, int concurrency, Path out) throws Exception {
        urls.forEach(Load::loopbackOnly);
        Bodies bodies = new Bodies(fixture);
        String runId = "blast-" + Long.toHexString(System.nanoTime());
        HttpClient http = client(2);
        long[][] log = new long[count][];
        AtomicLong next = new AtomicLong();
        ExecutorService senders = Executors.newFixedThreadPool(concurrency);
        long start = System.nanoTime();
        for (int t = 0; t < concurrency; t++) {
            senders.submit(() -> {
                long seq;
                while ((seq = next.getAndIncrement()) < count) {
                    long sent = micros();
                    int status;
                    try {
                        URI url = urls.get((int) (seq % urls.size()));
                        status = http.send(request(url, secret, bodies.body(seq), runId, seq),
                                HttpResponse.BodyHandlers.discarding()).statusCode();
                    } catch (Exception e) {
                        status = -1;
                    }
                    log[(int) seq] = new long[]{seq, sent, micros(), status};
                }
                return null;
            });
        }
        senders.shutdown();
        if (!senders.awaitTermination(300, TimeUnit.SECONDS)) {
            System.err.println("blast did not finish in 300 s");
        }
        write(log, out);
        summary(log, (System.nanoTime() - start) / 1e9);
        System.exit(0);
    }

    /**
     * Slow senders against normal traffic. Each dripper declares a 1,000-byte body and sends one byte a second;
     * when the server answers (408 at its body deadline) or closes, it reconnects and starts again, so DRIPPERS
     * connections drip for the whole run. Meanwhile RATE signed webhooks/s (open loop) and a /health poll every
     * 250 ms measure what everyone else sees. Prints one line: the normal webhooks' latency, failures, the
     * longest /health answer and how the drippers were answered.
     */
    static void drip(URI url, String secret, Path fixture, int drippers, int seconds, double rate, boolean otherPaths) throws Exception {
        loopbackOnly(url);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong answered408 = new AtomicLong();
        AtomicLong otherAnswers = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int d = 0; d < drippers; d++) {
            final int kind = otherPaths ? 1 + d % 3 : 0;
            Thread t = new Thread(() -> dripUntil(url, kind, end, answered408, otherAnswers));
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        List<Long> healthMs = new ArrayList<>();
        AtomicLong healthFailures = new AtomicLong();
        Thread health = new Thread(() -> {
            HttpClient http = client(1);
            URI healthUri = url.resolve("/health");
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime();
                try {
                    int status = http.send(HttpRequest.newBuilder(healthUri).timeout(Duration.ofSeconds(10)).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status != 200) {
                        healthFailures.incrementAndGet();
                    }
                } catch (Exception e) {
                    healthFailures.incrementAndGet();
                }
                synchronized (healthMs) {
                    healthMs.add((System.nanoTime() - t0) / 1_000_000);
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        health.setDaemon(true);
        health.start();
        // the normal webhooks start once every dripper is connected and dripping
        Thread.sleep(2_000);
        Bodies bodies = new Bodies(fixture);
        String runId = "drip-" + Long.toHexString(System.nanoTime());
        HttpClient http = client(4);
        int total = (int) Math.round(rate * (seconds - 4));
        long[] latencyUs = new long[total];
        AtomicLong failed = new AtomicLong();
        CountDownLatch done = new CountDownLatch(total);
        long start = System.nanoTime();
        long intervalNs = (long) (1e9 / rate);
        for (int i = 0; i < total; i++) {
            long wait = start + i * intervalNs - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            long sent = System.nanoTime();
            final int seq = i;
            http.sendAsync(request(url, secret, bodies.body(i), runId, i), HttpResponse.BodyHandlers.discarding())
                    .whenComplete((r, e) -> {
                        latencyUs[seq] = (System.nanoTime() - sent) / 1_000;
                        if (e != null || r.statusCode() != 200) {
                            failed.incrementAndGet();
                        }
                        done.countDown();
                    });
        }
        done.await(60, TimeUnit.SECONDS);
        health.join(TimeUnit.SECONDS.toMillis(seconds + 15));
        long[] sorted = latencyUs.clone();
        Arrays.sort(sorted);
        long healthMax;
        synchronized (healthMs) {
            healthMax = healthMs.stream().mapToLong(Long::longValue).max().orElse(-1);
        }
        System.out.printf(Locale.ROOT, "RESULT drippers=%d webhooks=%d failed=%d p50_ms=%.2f p99_ms=%.2f health_max_ms=%d "
                        + "health_failures=%d drippers_408=%d drippers_other=%d%n",
                drippers, total, failed.get(), sorted[total / 2] / 1000.0, sorted[(int) (total * 0.99)] / 1000.0, healthMax,
                healthFailures.get(), answered408.get(), otherAnswers.get());
        System.exit(0);
    }

    /**
     * The head of a dripper's request: 0 a webhook to {@code url}; 1 a Discord interaction whose signature headers
     * are well-formed and fresh (so it is read, not refused at once); 2 a POST to a path nothing serves; 3 a PUT form there.
     */
    private static String dripHead(URI url, int kind) {
        String host = "Host: " + url.getHost() + "\r\n";
        String head = switch (kind) {
            case 1 -> "POST /discord/interactions HTTP/1.1\r\n" + host + "Content-Type: application/json\r\nX-Signature-Ed25519: "
                    + "ab".repeat(64) + "\r\nX-Signature-Timestamp: " + System.currentTimeMillis() / 1000 + "\r\n";
            case 2 -> "POST /bench/no-such-path HTTP/1.1\r\n" + host + "Content-Type: application/json\r\n";
            case 3 -> "PUT /bench/no-such-path HTTP/1.1\r\n" + host + "Content-Type: application/x-www-form-urlencoded\r\n";
            default -> "POST " + url.getPath() + " HTTP/1.1\r\n" + host + "Content-Type: application/json\r\nX-GitHub-Event: push\r\n";
        };
        return head + "Content-Length: 1000\r\n\r\n";
    }

    /** One slow sender: a byte a second on one connection, a new connection each time the server ends one. */
    private static void dripUntil(URI url, int kind, long end, AtomicLong answered408, AtomicLong otherAnswers) {
        while (System.nanoTime() < end) {
            try (java.net.Socket socket = new java.net.Socket(url.getHost(), url.getPort())) {
                socket.setSoTimeout(1_000);
                var out = socket.getOutputStream();
                out.write(dripHead(url, kind).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                var in = socket.getInputStream();
                byte[] answer = new byte[64];
                while (System.nanoTime() < end) {
                    out.write('{');
                    out.flush();
                    int n;
                    try {
                        n = in.read(answer);
                    } catch (java.net.SocketTimeoutException quiet) {
                        continue; // no answer yet: the next byte
                    }
                    if (n > 0) {
                        (new String(answer, 0, n, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 408") ? answered408 : otherAnswers)
                                .incrementAndGet();
                    }
                    break; // answered or closed: start over
                }
            } catch (IOException e) {
                sleepQuietly(200);
            }
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void write(long[][] log, Path out) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            for (long[] l : log) {
                if (l != null) {
                    w.println(l[0] + "\t" + l[1] + "\t" + l[2] + "\t" + l[3]);
                }
            }
        }
    }

    static void summary(long[][] log, double seconds) {
        long ok = Arrays.stream(log).filter(l -> l != null && l[3] == 200).count();
        System.out.printf("sent=%d ok=%d seconds=%.2f accepted_per_s=%.1f%n", log.length, ok, seconds, ok / seconds);
    }

    /** Joins the SENT log with the sink's ARRIVALS log (seq, arrival µs, platform) by sequence number. */
    static void join(Path sent, Path arrivals, int targets) throws IOException {
        Map<Long, long[]> bySeq = new HashMap<>();
        for (String line : Files.readAllLines(sent)) {
            String[] p = line.split("\t");
            if (p[3].equals("200")) {
                bySeq.put(Long.parseLong(p[0]), new long[]{Long.parseLong(p[1]), Long.parseLong(p[2])});
            }
        }
        List<Long> acceptToSink = new ArrayList<>();
        List<Long> sendToSink = new ArrayList<>();
        Map<Long, Long> lastPerSeq = new HashMap<>();
        Map<Long, Integer> countPerSeq = new HashMap<>();
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        int matched = 0;
        for (String line : Files.readAllLines(arrivals)) {
            String[] p = line.split("\t");
            long seq = Long.parseLong(p[0]);
            long at = Long.parseLong(p[1]);
            first = Math.min(first, at);
            last = Math.max(last, at);
            long[] s = bySeq.get(seq);
            if (s == null) {
                continue;
            }
            matched++;
            acceptToSink.add(Math.max(0, at - s[1]));
            sendToSink.add(at - s[0]);
            lastPerSeq.merge(seq, at - s[1], Math::max);
            countPerSeq.merge(seq, 1, Integer::sum);
        }
        long complete = countPerSeq.values().stream().filter(c -> c >= targets).count();
        List<Long> allTargets = new ArrayList<>(lastPerSeq.values());
        double span = (last - first) / 1e6;
        System.out.printf("accepted=%d messages=%d complete_webhooks=%d span_s=%.2f deliveries_per_s=%.1f "
                        + "a2s_p50_ms=%.1f a2s_p99_ms=%.1f a2s_max_ms=%.1f s2s_p99_ms=%.1f all_targets_p99_ms=%.1f%n",
                bySeq.size(), matched, complete, span, span > 0 ? matched / span : 0,
                pct(acceptToSink, 50), pct(acceptToSink, 99), pct(acceptToSink, 100), pct(sendToSink, 99),
                pct(allTargets, 99));
    }

    static void drain(Path arrivals, int expected) throws IOException {
        long[] at = Files.readAllLines(arrivals).stream().mapToLong(line -> Long.parseLong(line.split("\t")[1])).sorted().toArray();
        int from = (int) (expected * 0.40), to = (int) (expected * 0.95);
        double rate = Double.NaN;
        if (at.length > to) {
            rate = (to - from) / ((at[to] - at[from]) / 1e6);
        }
        double span = at.length > 1 ? (at[at.length - 1] - at[0]) / 1e6 : 0;
        System.out.printf("messages=%d expected=%d span_s=%.2f sends_per_s=%.1f%n", at.length, expected, span, rate);
    }

    static double pct(List<Long> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i))) / 1000.0;
    }
}
