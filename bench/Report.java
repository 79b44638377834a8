import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns one run of bench/run.sh (WORK_DIR/raw.tsv: point, rep, metric, value; WORK_DIR/machine.txt) into the
 * Markdown report: median and spread (min–max) of every point, and each figure as a ratio to the ceiling.
 * Source-file mode: {@code java bench/Report.java WORK_DIR OUT.md}.
 */
public class Report {

    static final Map<String, Map<String, List<Double>>> points = new LinkedHashMap<>();
    static final Map<String, String> machine = new LinkedHashMap<>();
    static final Map<String, String> PAGING_SHAPES = Map.of(
            "newest", "`GET /admin/api/logs` (newest page)",
            "deep", "`GET /admin/api/logs?before=…` (a random page)",
            "failed", "`?ok=false&before=…` (failures only)",
            "route", "`?routeId=r3&platform=telegram&before=…`",
            "delivery", "`GET /admin/api/delivery/{id}` (a random delivery)",
            "audit", "`GET /admin/api/audit?before=…`");

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Path work = Path.of(args[0]);
        for (String line : Files.readAllLines(work.resolve("raw.tsv"))) {
            String[] p = line.split("\t");
            if (p.length < 4 || p[3].isBlank()) {
                continue;
            }
            double v;
            try {
                v = Double.parseDouble(p[3]);
            } catch (NumberFormatException e) {
                continue;
            }
            points.computeIfAbsent(p[0], k -> new LinkedHashMap<>()).computeIfAbsent(p[2], k -> new ArrayList<>()).add(v);
        }
        for (String line : Files.readAllLines(work.resolve("machine.txt"))) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                machine.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        StringBuilder md = new StringBuilder();
        md.append("# webhooker benchmark — ").append(work.getFileName().toString().replace("run-", "")).append(" UTC\n\n");
        md.append("Produced by `bash bench/run.sh` (raw figures: the `-raw.tsv` file beside this one). Every point was ")
                .append("run ").append(machine.getOrDefault("duration", "?").replace(" warmup=", " s each after warm-up rounds of ")
                        .replace(" reps=", " s; repetitions: "))
                .append("; figures are medians, [min–max] is the spread of the repetitions.\n\n");
        md.append("## Machine\n\n");
        md.append("- cores: ").append(machine.get("cores")).append(", memory: ").append(machine.get("memory"))
                .append(", CPU: ").append(machine.get("cpu")).append('\n');
        md.append("- ").append(machine.get("java")).append("; load generator ").append(machine.get("wrk"))
                .append(" (2 threads) and `java bench/Load.java` (end to end), sink `java bench/Sink.java`, all on the same 2 cores\n");
        md.append("- load average (1/5/15 min) before: ").append(machine.get("load_before")).append(", after: ")
                .append(machine.get("load_after")).append('\n');
        md.append("- how webhooker and the bare app are started (environment and JVM options): `").append(machine.get("jvm_opts")).append("`\n\n");

        md.append("## 1–2. Ceiling and ingest (accepted webhooks/s)\n\n");
        md.append("| backend | concurrency | ceiling req/s | ingest webhooks/s | ingest / ceiling | ingest p50 ms | ingest p99 ms | ceiling p99 ms | errors |\n");
        md.append("|---|---|---|---|---|---|---|---|---|\n");
        for (String backend : List.of("embedded", "production")) {
            for (String c : List.of("c16", "c64")) {
                String ceiling = "ceiling-" + backend + "-" + c;
                String ingest = "ingest-" + backend + "-" + c;
                if (!points.containsKey(ingest)) {
                    continue;
                }
                md.append("| ").append(backend.equals("embedded") ? "embedded (H2 file, SQL KV, directory)" : "PostgreSQL + Redis + S3")
                        .append(" | ").append(c.substring(1))
                        .append(" | ").append(fig(ceiling, "rps", 0))
                        .append(" | ").append(fig(ingest, "rps", 0))
                        .append(" | **").append(ratio(ingest, "rps", ceiling, "rps")).append("**")
                        .append(" | ").append(fig(ingest, "p50_ms", 1))
                        .append(" | ").append(fig(ingest, "p99_ms", 1))
                        .append(" | ").append(fig(ceiling, "p99_ms", 1))
                        .append(" | ").append(fmt(sum(ingest, "errors"), 0)).append(" |\n");
            }
        }
        md.append("\nThe ratio is ingest over the ceiling measured in the same application instance, at the same ")
                .append("concurrency, with the same request mix, interleaved with it.\n\n");
        for (String backend : List.of("embedded", "production")) {
            if (machine.containsKey("ingest_warmup_" + backend)) {
                md.append("Warm-up before the ").append(backend).append(" ingest points: ")
                        .append(machine.get("ingest_warmup_" + backend)).append(".\n\n");
            }
        }

        md.append("## 3. End to end (webhook in → message at the fake Discord/Telegram sink, 3 targets per webhook)\n\n");
        md.append("| point | accept→sink p50 ms | accept→sink p99 ms | p99 until all 3 targets ms | deliveries/s | webhooks complete / accepted |\n");
        md.append("|---|---|---|---|---|---|\n");
        for (String p : points.keySet()) {
            if (!p.startsWith("e2e-")) {
                continue;
            }
            md.append("| ").append(p.replace("e2e-", "").replace("rate200-", "200 webhooks/s, ").replace("sink", "sink ").replace("webhooks-", "3 webhook targets, ")
                            .replace("saturation-", "saturation (closed loop, 32 senders), "))
                    .append(" | ").append(fig(p, "a2s_p50_ms", 1))
                    .append(" | ").append(fig(p, "a2s_p99_ms", 1))
                    .append(" | ").append(fig(p, "all_targets_p99_ms", 1))
                    .append(" | ").append(fig(p, "deliveries_per_s", 0))
                    .append(" | ").append(fmt(median(p, "complete_webhooks"), 0)).append(" / ").append(fmt(median(p, "accepted"), 0))
                    .append(" |\n");
        }
        if (machine.containsKey("e2e_warmup")) {
            md.append("\nWarm-up before the end-to-end points: ").append(machine.get("e2e_warmup")).append(".\n");
        }
        String ceiling64 = "ceiling-embedded-c64";
        if (points.containsKey("e2e-saturation-sink0ms")) {
            md.append("\nDeliveries/s at saturation = ").append(ratio("e2e-saturation-sink0ms", "deliveries_per_s", ceiling64, "rps"))
                    .append(" of the bare endpoint's requests/s (embedded, concurrency 64).\n");
        }
        md.append("\n## 4. Resources and start-up\n\n");
        md.append("| process under load | RSS MiB (max) | CPU cores used | throughput |\n|---|---|---|---|\n");
        for (String p : List.of("bare-app-c64", "ingest-embedded-c64", "ingest-production-c64", "e2e-saturation-sink0ms",
                "e2e-saturation-webhooks-sink0ms")) {
            if (points.containsKey(p) && points.get(p).containsKey("rss_kb")) {
                md.append("| ").append(p).append(" | ").append(figScaled(p, "rss_kb", 1024.0, 0))
                        .append(" | ").append(fig(p, "cpu_cores", 2))
                        .append(" | ").append(points.get(p).containsKey("rps") ? fig(p, "rps", 0) + " req/s"
                                : points.get(p).containsKey("deliveries_per_s") ? fig(p, "deliveries_per_s", 0) + " deliveries/s" : "")
                        .append(" |\n");
            }
        }
        if (points.containsKey("bare-app-c64")) {
            md.append("\n- RSS under load, embedded ingest c64 = **").append(times("ingest-embedded-c64", "rss_kb", "bare-app-c64", "rss_kb"))
                    .append("** the bare app's; PostgreSQL ingest = ").append(times("ingest-production-c64", "rss_kb", "bare-app-c64", "rss_kb"))
                    .append("; end-to-end saturation = ").append(times("e2e-saturation-sink0ms", "rss_kb", "bare-app-c64", "rss_kb")).append('\n');
            md.append("- bare app requests/s at c64: ").append(fig("bare-app-c64", "rps", 0)).append(" = ")
                    .append(ratio("bare-app-c64", "rps", ceiling64, "rps")).append(" of the ceiling route inside webhooker\n");
        }
        if (points.containsKey("startup-webhooker")) {
            md.append("- start-up to ready (process start → first 200): webhooker ").append(fig("startup-webhooker", "ms", 0))
                    .append(" ms (`/health`), bare app ").append(fig("startup-bare", "ms", 0))
                    .append(" ms (`POST /bench/bare`) → **").append(times("startup-webhooker", "ms", "startup-bare", "ms"))
                    .append("** the bare app's\n");
        }
        for (String point : List.of("slow-senders", "slow-senders-other")) {
            if (!points.containsKey(point + "-drip")) {
                continue;
            }
            md.append("\n## 5").append(point.equals("slow-senders") ? "" : "b").append(". Slow senders")
                    .append(point.equals("slow-senders") ? " on /webhook" : " on /discord/interactions, a 404 path and a PUT form")
                    .append(" (").append(machine.getOrDefault("drip", "")).append(", embedded)\n\n");
            md.append("| traffic | normal webhooks p50 ms | p99 ms | failed | /health slowest ms | /health failed | drippers answered 408 / other |\n");
            md.append("|---|---|---|---|---|---|---|\n");
            for (String mode : List.of("base", "drip")) {
                String p = point + "-" + mode;
                md.append("| ").append(mode.equals("base") ? "normal webhooks alone" : "with the dripping connections")
                        .append(" | ").append(fig(p, "p50_ms", 1)).append(" | ").append(fig(p, "p99_ms", 1))
                        .append(" | ").append(fmt(sum(p, "failed"), 0))
                        .append(" | ").append(fig(p, "health_max_ms", 0)).append(" | ").append(fmt(sum(p, "health_failures"), 0))
                        .append(" | ").append(fmt(sum(p, "drippers_408"), 0)).append(" / ").append(fmt(sum(p, "drippers_other"), 0))
                        .append(" |\n");
            }
            md.append("\nThe drippers delay normal webhooks at p99 by **")
                    .append(fmt(median(point + "-drip", "p99_ms") - median(point + "-base", "p99_ms"), 1))
                    .append(" ms** (medians of the repetitions; target: under 100 ms, and /health answering throughout).\n");
        }
        if (points.keySet().stream().anyMatch(p -> p.startsWith("paging-"))) {
            md.append("\n## 6. Admin API pages (1,000,000 send logs, 100,000 deliveries, 100,000 audit entries; concurrency 4)\n\n");
            md.append("| backend | caller | request | p50 ms | p99 ms | requests/s | errors |\n|---|---|---|---|---|---|---|\n");
            double worst = Double.NaN;
            for (String p : points.keySet()) {
                if (!p.startsWith("paging-")) {
                    continue;
                }
                String[] parts = p.split("-", 4); // paging, backend, caller, shape
                md.append("| ").append(parts[1].equals("embedded") ? "embedded (H2 file, SQL KV)" : "PostgreSQL + Redis")
                        .append(" | ").append(parts[2].equals("super") ? "super admin" : "viewer of 2 of 10 groups")
                        .append(" | ").append(PAGING_SHAPES.getOrDefault(parts[3], parts[3]))
                        .append(" | ").append(fig(p, "p50_ms", 1)).append(" | ").append(fig(p, "p99_ms", 1))
                        .append(" | ").append(fig(p, "rps", 0)).append(" | ").append(fmt(sum(p, "errors"), 0)).append(" |\n");
                double p99 = median(p, "p99_ms");
                worst = Double.isNaN(worst) || p99 > worst ? p99 : worst;
            }
            md.append("\nThe slowest request shape answers in **").append(fmt(worst, 1))
                    .append(" ms** at p99 (median of the repetitions; target: under 50 ms).\n");
        }
        if (points.containsKey("scale-ingest-1") || points.containsKey("scale-e2e-1")) {
            md.append("\n## 7. Several instances on one PostgreSQL (+ Redis), all on this machine's cores\n\n");
            md.append("| instances | ingest webhooks/s | instances' / PostgreSQL's cores (ingest) | deliveries/s at saturation")
                    .append(" | accept→sink p99 ms | instances' / PostgreSQL's cores (delivery) |\n|---|---|---|---|---|---|\n");
            for (int n = 1; n <= 3; n++) {
                String ingest = "scale-ingest-" + n, e2e = "scale-e2e-" + n;
                if (!points.containsKey(ingest) && !points.containsKey(e2e)) {
                    continue;
                }
                md.append("| ").append(n).append(" | ").append(fig(ingest, "rps", 0))
                        .append(" | ").append(fig(ingest, "app_cores", 2)).append(" / ").append(fig(ingest, "postgres_cores", 2))
                        .append(" | ").append(fig(e2e, "deliveries_per_s", 0)).append(" | ").append(fig(e2e, "a2s_p99_ms", 0))
                        .append(" | ").append(fig(e2e, "app_cores", 2)).append(" / ").append(fig(e2e, "postgres_cores", 2))
                        .append(" |\n");
            }
            md.append("\n").append(machine.getOrDefault("scale_warmup", "")).append("\n");
        }
        if (points.containsKey("claim-1000") || points.containsKey("claim-100000")) {
            md.append("\n## 8. The delivery claim statement against the backlog (PostgreSQL's own statement durations)\n\n");
            md.append("| due deliveries | claims measured | p50 ms | p99 ms | still due at the end |\n|---|---|---|---|---|\n");
            for (String backlog : List.of("1000", "100000")) {
                String p = "claim-" + backlog;
                md.append("| ").append(String.format(Locale.ROOT, "%,d", Long.parseLong(backlog))).append(" | ")
                        .append(fig(p, "claims", 0)).append(" | ").append(fig(p, "p50_ms", 3)).append(" | ")
                        .append(fig(p, "p99_ms", 3)).append(" | ").append(fig(p, "backlog_after", 0)).append(" |\n");
            }
        }
        if (points.containsKey("backlog-embedded") || points.containsKey("backlog-postgres")) {
            md.append("\n## 9. A backlog drained (8,000 pushes x 3 targets held, then let go; sends/s from the 40 % to the 95 % mark)\n\n");
            md.append("| storage | sends/s | service's CPU µs per send | PostgreSQL's CPU µs per send | statements per delivery (with BEGIN, COMMIT, savepoints) | H2 file writes (commits) per send |\n|---|---|---|---|---|---|\n");
            md.append("| embedded default | ").append(fig("backlog-embedded", "sends_per_s", 0)).append(" | ")
                    .append(fig("backlog-embedded", "app_cpu_us_per_send", 0)).append(" | – | – | ")
                    .append(fig("backlog-embedded", "h2_file_writes_per_send", 3)).append(" |\n");
            md.append("| PostgreSQL + Redis | ").append(fig("backlog-postgres", "sends_per_s", 0)).append(" | ")
                    .append(fig("backlog-postgres", "app_cpu_us_per_send", 0)).append(" | ")
                    .append(fig("backlog-postgres", "postgres_cpu_us_per_send", 0)).append(" | ")
                    .append(fig("backlog-postgres", "statements_per_delivery", 2)).append(" (")
                    .append(fig("backlog-postgres", "statements_with_transactions_per_delivery", 2)).append(") | – |\n");
            md.append("\nPostgreSQL + Redis = ").append(ratio("backlog-postgres", "sends_per_s", "backlog-embedded", "sends_per_s"))
                    .append(" of the embedded default.\n");
        }
        Files.writeString(Path.of(args[1]), md.toString());
        System.out.print(md);
    }

    static List<Double> values(String point, String metric) {
        return points.getOrDefault(point, Map.of()).getOrDefault(metric, List.of());
    }

    static double median(String point, String metric) {
        List<Double> v = new ArrayList<>(values(point, metric));
        if (v.isEmpty()) {
            return Double.NaN;
        }
        v.sort(null);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    static double sum(String point, String metric) {
        return values(point, metric).stream().mapToDouble(Double::doubleValue).sum();
    }

    static String fig(String point, String metric, int decimals) {
        return figScaled(point, metric, 1.0, decimals);
    }

    static String figScaled(String point, String metric, double divisor, int decimals) {
        List<Double> v = values(point, metric);
        if (v.isEmpty()) {
            return "–";
        }
        double min = v.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN) / divisor;
        double max = v.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN) / divisor;
        return fmt(median(point, metric) / divisor, decimals) + (v.size() > 1 ? " [" + fmt(min, decimals) + "–" + fmt(max, decimals) + "]" : "");
    }

    static String ratio(String point, String metric, String base, String baseMetric) {
        double a = median(point, metric), b = median(base, baseMetric);
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? "–" : fmt(100 * a / b, 1) + " %";
    }

    static String times(String point, String metric, String base, String baseMetric) {
        double a = median(point, metric), b = median(base, baseMetric);
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? "–" : fmt(a / b, 2) + " ×";
    }

    static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "–" : String.format("%,." + decimals + "f", v);
    }
}
