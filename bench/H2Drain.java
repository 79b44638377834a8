import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.H2WrittenCommits;

/**
 * The embedded database's share of a backlog drain, without HTTP or Camel: the statements that delivering a push to 3
 * targets makes on H2, replayed on a fresh H2 file built from the project's SQL migrations, opened with the URL that
 * DatabaseUrl gives the embedded default and through the DataSource the service puts around it (H2WrittenCommits).
 * Deliveries go through in waves, each step of a wave one transaction (as the delivery engine's group commit joins the
 * steps of concurrent workers); with THREADS above 1, that many threads drain at once, each its own share of the
 * backlog on its own connection (as the engine's concurrent batches do). The statements are those that DeliveryQueue,
 * DeliveryTargets and SendLogs make on H2, written out here so that variants can change them: a change of those
 * classes' SQL belongs here too, or "current" no longer measures the service.
 *
 *   java -cp CLASSPATH bench/H2Drain.java VARIANT[/VARIANT…] [deliveries] [wave] [rounds] [threads]
 *
 * CLASSPATH: target/classes (the project built) and the jars of H2, HikariCP, spring-jdbc, spring-tx, spring-core,
 * spring-beans, spring-jcl and slf4j-api from the local Maven repository (bench/README.md has the line).
 *
 * A VARIANT is "current" or any of these joined by commas: planned-with-outcomes (the plan rows inserted with their
 * outcomes), planned-in-outcomes-commit (inserted, then updated, in one commit), planned-with-first-outcome
 * (inserted with one outcome, the other two updated in the next commit), outcomes-with-release, no-payload,
 * payload-table (the payload in a table of its own, written once), fewer-indexes (delivery_targets and send_logs
 * without their secondary indexes but send_logs' delivery_id), no-targets-index (delivery_targets without its
 * (group_id, status) index), json-as-text (the payload and the call record as character strings, as before V18_1;
 * payload-as-text and call-record-as-text: one of them), payload=N (pushes of about N characters, 10,000 by default),
 * cache=KB and write-delay-0 (H2 writes its file inside every commit, WRITE_DELAY=0, and the DataSource is the bare
 * pool: the embedded default before commits shared their writes). Each variant has its own database; they take turns,
 * round by round. Prints the process's CPU µs per send of each round and the median of the second half of the rounds
 * (the first ones warm the JIT up). A diagnostic for choosing what to change; the backlog point of run.sh measures the
 * service.
 */
public class H2Drain {

    static final int TARGETS = 3;
    static final String CALL_RECORD;

    static {
        StringBuilder c = new StringBuilder("{\"request\":{\"embeds\":[{\"description\":\"");
        while (c.length() < 1_500) {
            c.append("rendered text ");
        }
        CALL_RECORD = c.append("\"}]},\"answer\":{\"id\":\"1\"}}").toString();
    }

    public static void main(String[] args) throws Exception {
        List<String> variants = List.of((args.length > 0 ? args[0] : "current").split("/"));
        int deliveries = args.length > 1 ? Integer.parseInt(args[1]) : 8_000;
        int wave = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        Path dir = Files.createTempDirectory("h2drain");
        List<List<Connection>> connections = new ArrayList<>();
        List<HikariDataSource> pools = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            // the service's own embedded URL (DATABASE_URL unset), with a variant's cache size if it names one
            DatabaseUrl embedded = DatabaseUrl.resolve(null, null, null, dir.resolve("variant" + v));
            String cache = option(variants.get(v), "cache", null);
            String url = cache == null ? embedded.jdbcUrl()
                    : embedded.jdbcUrl().replaceAll("CACHE_SIZE=\\d+", "CACHE_SIZE=" + cache);
            boolean writeDelay0 = variants.get(v).contains("write-delay-0");
            if (writeDelay0) {
                url = url.replace("WRITE_DELAY=1000", "WRITE_DELAY=0");
            }
            HikariDataSource pool = new HikariDataSource();
            pool.setJdbcUrl(url);
            pool.setUsername(embedded.user());
            pool.setPassword(embedded.password());
            pool.setMaximumPoolSize(threads + 1);
            // as the service opens it (DataSourceConfiguration), or as it did with WRITE_DELAY=0
            DataSource dataSource = writeDelay0 ? pool : H2WrittenCommits.around(pool);
            Connection c = dataSource.getConnection();
            migrate(c);
            if (variants.get(v).contains("no-targets-index")) {
                try (Statement st = c.createStatement()) {
                    st.execute("DROP INDEX idx_delivery_targets_group_status");
                }
            }
            if (variants.get(v).contains("fewer-indexes")) {
                try (Statement st = c.createStatement()) {
                    // every secondary index of the two tables a send writes, but the ones the drain itself reads
                    for (String index : List.of("idx_delivery_targets_group_status", "idx_send_logs_ts",
                            "idx_send_logs_group_id_ts", "idx_send_logs_group_id_id_desc", "idx_send_logs_group_id_ok_id_desc",
                            "idx_send_logs_group_id_route_id_desc")) {
                        st.execute("DROP INDEX " + index);
                    }
                }
            }
            if (variants.get(v).contains("json-as-text") || variants.get(v).contains("payload-as-text")) {
                try (Statement st = c.createStatement()) {
                    st.execute("ALTER TABLE delivery_state ALTER COLUMN payload SET DATA TYPE CHARACTER VARYING");
                }
            }
            if (variants.get(v).contains("json-as-text") || variants.get(v).contains("call-record-as-text")) {
                try (Statement st = c.createStatement()) {
                    st.execute("ALTER TABLE send_logs ALTER COLUMN call_record SET DATA TYPE CHARACTER VARYING");
                }
            }
            if (variants.get(v).contains("payload-table")) {
                try (Statement st = c.createStatement()) {
                    // bytes, as the service keeps a payload in the row since V18_1
                    st.execute("CREATE TABLE delivery_payloads (key VARCHAR PRIMARY KEY, payload BINARY VARYING NOT NULL)");
                }
            }
            c.setAutoCommit(false);
            List<Connection> perThread = new ArrayList<>(List.of(c));
            while (perThread.size() < threads) {
                Connection more = dataSource.getConnection();
                more.setAutoCommit(false);
                perThread.add(more);
            }
            connections.add(perThread);
            pools.add(pool);
        }
        List<List<Double>> perSend = new ArrayList<>();
        List<List<Double>> fillPerDelivery = new ArrayList<>();
        variants.forEach(v -> {
            perSend.add(new ArrayList<>());
            fillPerDelivery.add(new ArrayList<>());
        });
        // the variants take turns, so that each meets the same JIT state and the same table sizes
        for (int round = 1; round <= rounds; round++) {
            for (int v = 0; v < variants.size(); v++) {
                String variant = variants.get(v);
                Connection c = connections.get(v).get(0);
                long fill0 = cpu();
                List<String> keys = fill(c, deliveries, variant);
                double fillMicros = (cpu() - fill0) / 1e3 / deliveries;
                fillPerDelivery.get(v).add(fillMicros);
                long[] written0 = written(c);
                long cpu0 = cpu();
                if (threads == 1) {
                    for (int i = 0; i < keys.size(); i += wave) {
                        drainWave(c, variant, wave, null);
                    }
                } else {
                    drainConcurrently(connections.get(v), variant, wave, keys);
                }
                double micros = (cpu() - cpu0) / 1e3 / (deliveries * TARGETS);
                long[] written1 = written(c);
                perSend.get(v).add(micros);
                System.out.printf("round %d %s: %.1f CPU µs per send, %.1f per delivery written; per send %.3f file writes"
                        + " (commits), %.1f KB%n", round, variant, micros, fillMicros,
                        (written1[0] - written0[0]) / (double) (deliveries * TARGETS),
                        (written1[1] - written0[1]) / 1024.0 / (deliveries * TARGETS));
            }
        }
        for (int v = 0; v < variants.size(); v++) {
            System.out.printf("median of rounds %d-%d, %s: %.1f CPU µs per send, %.1f per delivery written%n", rounds / 2 + 1,
                    rounds, variants.get(v), median(perSend.get(v).subList(rounds / 2, rounds)),
                    median(fillPerDelivery.get(v).subList(rounds / 2, rounds)));
        }
        for (List<Connection> perThread : connections) {
            for (Connection c : perThread) {
                c.close();
            }
        }
        pools.forEach(HikariDataSource::close);
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /** A push-like payload of about {@code length} characters (a variant's payload=N, 10,000 by default). */
    static String payload(int length) {
        StringBuilder p = new StringBuilder("{\"ref\":\"refs/heads/main\",\"commits\":[");
        while (p.length() < length) {
            p.append("{\"id\":\"").append(UUID.randomUUID()).append("\",\"message\":\"a commit message of some length\"},");
        }
        return p.append("{}]}").toString();
    }

    /** The value of {@code name=value} among a variant's comma-separated parts, or {@code fallback}. */
    static String option(String variant, String name, String fallback) {
        for (String part : variant.split(",")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        return fallback;
    }

    /** The writes into the database's file so far, and their bytes (commits share them through H2WrittenCommits). */
    static long[] written(Connection c) throws SQLException {
        long[] writes = new long[2];
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT setting_name, setting_value"
                + " FROM information_schema.settings WHERE setting_name IN ('info.FILE_WRITE', 'info.FILE_WRITE_BYTES')")) {
            while (rs.next()) {
                writes[rs.getString(1).endsWith("BYTES") ? 1 : 0] = Long.parseLong(rs.getString(2));
            }
        }
        return writes;
    }

    /**
     * The process's CPU time: with a write delay H2 writes its file on threads of its own, and with several threads the
     * drain is all of them. The JIT compilers and the collector count too, so the first rounds are left out.
     */
    static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * The drain on several threads at once, each with its own connection and its own share of the backlog, as the
     * delivery engine's concurrent batches commit: their claims take their candidates from their share, after the
     * same candidate queries.
     */
    static void drainConcurrently(List<Connection> perThread, String variant, int wave, List<String> keys)
            throws Exception {
        List<Thread> running = new ArrayList<>();
        List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < perThread.size(); t++) {
            List<String> share = new ArrayList<>();
            for (int i = t; i < keys.size(); i += perThread.size()) {
                share.add(keys.get(i));
            }
            Connection c = perThread.get(t);
            Thread thread = new Thread(() -> {
                try {
                    for (int i = 0; i < share.size(); i += wave) {
                        drainWave(c, variant, wave, share.subList(i, Math.min(share.size(), i + wave)));
                    }
                } catch (Exception e) {
                    failures.add(e);
                }
            });
            thread.start();
            running.add(thread);
        }
        for (Thread thread : running) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    static void migrate(Connection c) throws Exception {
        Path migrations = Path.of("src/main/resources/db/migration/h2");
        List<Path> files;
        try (Stream<Path> s = Files.list(migrations)) {
            files = new ArrayList<>(s.toList());
        }
        files.sort(Comparator.comparing((Path f) -> version(f)));
        try (Statement st = c.createStatement()) {
            for (Path f : files) {
                st.execute("RUNSCRIPT FROM '" + f.toAbsolutePath() + "'");
            }
        }
    }

    /** V17_2 → 17002: the migrations' order. */
    static int version(Path f) {
        String[] parts = f.getFileName().toString().substring(1).split("__")[0].split("_");
        return Integer.parseInt(parts[0]) * 1000 + (parts.length > 1 ? Integer.parseInt(parts[1]) : 0);
    }

    /** The backlog: pending deliveries, as the ingress writes them. */
    static List<String> fill(Connection c, int n, String variant) throws SQLException {
        boolean inRow = !variant.contains("no-payload") && !variant.contains("payload-table");
        PreparedStatement apart = variant.contains("payload-table")
                ? c.prepareStatement("INSERT INTO delivery_payloads (key, payload) VALUES (?, ?)") : null;
        List<String> keys = new ArrayList<>();
        long now = System.currentTimeMillis();
        String payload = payload(Integer.parseInt(option(variant, "payload", "10000")));
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO delivery_state (key, status, updated_at, delivery_id,"
                + " provider, event, group_id, installation_id, payload, payload_ref, received_at, attempts, next_attempt_at,"
                + " trace_parent, repo) VALUES (?, 'pending', ?, ?, 'github', 'push', 'bench', NULL, ?, NULL, ?, 0, ?, NULL,"
                + " 'acme/widgets')")) {
            for (int i = 0; i < n; i++) {
                String id = UUID.randomUUID().toString();
                String key = "github:" + id;
                keys.add(key);
                ps.setString(1, key);
                ps.setLong(2, now);
                ps.setString(3, id);
                ps.setString(4, inRow ? payload : null);
                ps.setLong(5, now);
                ps.setLong(6, now);
                ps.executeUpdate();
                if (apart != null) {
                    apart.setString(1, key);
                    apart.setString(2, payload);
                    apart.executeUpdate();
                }
                // the ingress commits each webhook (several at once share a commit under load)
                if (i % 8 == 7) {
                    c.commit();
                }
            }
        }
        c.commit();
        if (apart != null) {
            apart.close();
        }
        return keys;
    }

    static void drainWave(Connection c, String variant, int wave, List<String> share) throws SQLException {
        long now = System.currentTimeMillis();
        List<String> claimed = claim(c, variant, wave, now, share);
        c.commit();
        if (claimed.isEmpty()) {
            return;
        }
        if (variant.contains("planned-in-outcomes-commit")) {
            insertTargets(c, claimed, now, 0);
            updateOutcomes(c, claimed, now, 0);
        } else if (variant.contains("planned-with-first-outcome")) {
            insertTargets(c, claimed, now, 1);
            c.commit();
            updateOutcomes(c, claimed, now, 1);
        } else if (!variant.contains("planned-with-outcomes")) {
            insertTargets(c, claimed, now, 0);
            c.commit();
            updateOutcomes(c, claimed, now, 0);
        } else {
            insertTargets(c, claimed, now, TARGETS);
        }
        insertLogs(c, claimed, now);
        if (!variant.contains("outcomes-with-release")) {
            c.commit();
        }
        release(c, claimed, now);
        c.commit();
    }

    static List<String> claim(Connection c, String variant, int limit, long now, List<String> share) throws SQLException {
        List<String> candidates = new ArrayList<>();
        for (String status : List.of("pending", "retrying")) {
            try (PreparedStatement ps = c.prepareStatement("SELECT key, next_attempt_at FROM delivery_state WHERE status = ?"
                    + " AND next_attempt_at <= ? ORDER BY status, next_attempt_at LIMIT ?")) {
                ps.setString(1, status);
                ps.setLong(2, now);
                ps.setInt(3, limit * 2);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        candidates.add(rs.getString(1));
                    }
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT key, next_attempt_at FROM delivery_state WHERE"
                + " status = 'processing' AND locked_until < ? ORDER BY status, next_attempt_at LIMIT ?")) {
            ps.setLong(1, now);
            ps.setInt(2, limit * 2);
            ps.executeQuery().close();
        }
        if (share != null) {
            candidates = share; // a thread's own share, so that concurrent threads do not take each other's rows
        }
        List<String> won = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("UPDATE delivery_state SET status = 'processing', attempts = attempts + 1,"
                + " locked_by = ?, locked_until = ?, updated_at = ? WHERE key = ? AND ((status IN ('pending','retrying')"
                + " AND next_attempt_at <= ?) OR (status = 'processing' AND locked_until < ?))")) {
            for (String key : candidates) {
                if (won.size() == limit) {
                    break;
                }
                ps.setString(1, "me/" + key);
                ps.setLong(2, now + 60_000);
                ps.setLong(3, now);
                ps.setString(4, key);
                ps.setLong(5, now);
                ps.setLong(6, now);
                if (ps.executeUpdate() == 1) {
                    won.add(key);
                }
            }
        }
        if (!won.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT key, delivery_id, provider, event, group_id,"
                    + " installation_id, " + (variant.contains("payload-table")
                    ? "(SELECT p.payload FROM delivery_payloads p WHERE p.key = d.key) AS payload" : "payload")
                    + ", payload_ref, received_at, attempts, locked_by, trace_parent FROM delivery_state d"
                    + " WHERE key IN (" + String.join(", ", Collections.nCopies(won.size(), "?")) + ")")) {
                for (int i = 0; i < won.size(); i++) {
                    ps.setString(i + 1, won.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rs.getString("payload");
                    }
                }
            }
        }
        return won;
    }

    static void insertTargets(Connection c, List<String> keys, long now, int withOutcomes) throws SQLException {
        StringBuilder sql = new StringBuilder("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id,"
                + " position, route_name, platform, channel_id, thread_id, chat_id, topic_id, target_json, status, attempts,"
                + " next_attempt_at, updated_at, message_id) VALUES ");
        int rows = keys.size() * TARGETS;
        sql.append(String.join(", ", Collections.nCopies(rows, "(?, 'bench', 'bench-push', ?, ?, 'push to three targets',"
                + " 'discord', ?, NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?)")));
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int p = 1;
            for (String key : keys) {
                for (int t = 0; t < TARGETS; t++) {
                    boolean delivered = t < withOutcomes;
                    ps.setString(p++, key);
                    ps.setString(p++, "discord:" + t);
                    ps.setInt(p++, t);
                    ps.setString(p++, "22222222222222222" + t);
                    ps.setString(p++, delivered ? "delivered" : "pending");
                    ps.setInt(p++, delivered ? 1 : 0);
                    ps.setLong(p++, now);
                    ps.setLong(p++, now);
                    ps.setString(p++, delivered ? "1300000000000000" + t : null);
                }
            }
            ps.executeUpdate();
        }
    }

    static void updateOutcomes(Connection c, List<String> keys, long now, int from) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE delivery_targets SET status = ?, attempts = ?, next_attempt_at = ?,"
                + " last_error = ?, error_code = ?, http_status = ?, message_id = ?, updated_at = ?"
                + " WHERE delivery_key = ? AND position = ?")) {
            for (String key : keys) {
                for (int t = from; t < TARGETS; t++) {
                    ps.setString(1, "delivered");
                    ps.setInt(2, 1);
                    ps.setLong(3, now);
                    ps.setString(4, null);
                    ps.setString(5, null);
                    ps.setObject(6, 200);
                    ps.setString(7, "1300000000000000" + t);
                    ps.setLong(8, now);
                    ps.setString(9, key);
                    ps.setInt(10, t);
                    ps.executeUpdate();
                }
            }
        }
    }

    static void insertLogs(Connection c, List<String> keys, long now) throws SQLException {
        int rows = keys.size() * TARGETS;
        String sql = "INSERT INTO send_logs (ts, route_id, event, repo, target, ok, error, status, message_id, delivery_id,"
                + " platform, actor, action, duration_ms, error_code, attempts, detail, group_id, call_record) VALUES "
                + String.join(", ", Collections.nCopies(rows, "(?, 'bench-push', 'push', 'acme/widgets', ?, 1, NULL, 200, ?,"
                + " ?, 'discord', 'octocat', NULL, 3, NULL, 1, NULL, 'bench', ?)"));
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int p = 1;
            for (String key : keys) {
                for (int t = 0; t < TARGETS; t++) {
                    ps.setLong(p++, now);
                    ps.setString(p++, "discord:" + t);
                    ps.setString(p++, "1300000000000000" + t);
                    ps.setString(p++, key.substring(7));
                    ps.setString(p++, CALL_RECORD);
                }
            }
            ps.executeUpdate();
        }
    }

    static void release(Connection c, List<String> keys, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE delivery_state SET status = ?,"
                + " next_attempt_at = COALESCE(?, next_attempt_at), locked_by = NULL, locked_until = NULL, last_error = ?,"
                + " updated_at = ? WHERE key = ? AND locked_by = ? AND status = 'processing'")) {
            for (String key : keys) {
                ps.setString(1, "delivered");
                ps.setObject(2, null);
                ps.setString(3, null);
                ps.setLong(4, now);
                ps.setString(5, key);
                ps.setString(6, "me/" + key);
                ps.executeUpdate();
            }
        }
    }
}
