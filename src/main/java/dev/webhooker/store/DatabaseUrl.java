package dev.webhooker.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import dev.webhooker.config.InvalidSettingException;

/**
 * The JDBC connection that {@code DATABASE_URL} (plus {@code DATABASE_USER} / {@code DATABASE_PASSWORD})
 * describes, or the embedded H2 file database under {@code DATA_DIR} when it is not set.
 * Accepts {@code jdbc:postgresql://…}, {@code jdbc:h2:…} and the common {@code postgres://user:pass@host/db}.
 */
public record DatabaseUrl(String jdbcUrl, String user, String password, Vendor vendor) {

    public enum Vendor { H2, POSTGRESQL }

    /** The seed's column names {@code key} and {@code value} are keywords in H2 2.x. */
    private static final String H2_NON_KEYWORDS = "NON_KEYWORDS=KEY,VALUE";

    public static DatabaseUrl resolve(String url, String user, String password, Path dataDir) {
        if (url == null || url.isBlank()) {
            return embedded(dataDir);
        }
        String value = url.trim();
        if (value.startsWith("jdbc:postgresql://")) {
            return new DatabaseUrl(value, blankToNull(user), blankToNull(password), Vendor.POSTGRESQL);
        }
        if (value.startsWith("jdbc:h2:")) {
            String jdbc = value.toUpperCase().contains("NON_KEYWORDS") ? value : value + ";" + H2_NON_KEYWORDS;
            return new DatabaseUrl(jdbc, orDefault(user, "sa"), orDefault(password, ""), Vendor.H2);
        }
        if (value.startsWith("postgres://") || value.startsWith("postgresql://")) {
            return fromPostgresUri(value, user, password);
        }
        throw new InvalidSettingException("DATABASE_URL",
                "expected jdbc:postgresql://host:port/db, postgres://user:pass@host:port/db or jdbc:h2:…, got '"
                        + redact(value) + "'");
    }

    /**
     * The embedded default. WRITE_DELAY=1000 lets H2 commit a transaction in memory and leave the file to a write
     * that several commits share; the application's DataSource ({@link H2WrittenCommits}) makes each commit wait
     * for that write, so an acknowledged webhook still survives a SIGKILL of the process (SigkillDurabilityIT).
     * With WRITE_DELAY=0 H2 wrote the file inside every commit, one commit after the other under its store lock,
     * and each write copied the B-tree paths of every table a commit touched: under the delivery engine's load
     * about one write per two sends, against one per four now. The delay itself only paces H2's background writer,
     * which catches changes made without the DataSource. A commit reaches the operating system, not necessarily
     * the disk: a power cut can still lose the last commits, which PostgreSQL (fsync on commit) does not.
     * <p>
     * AUTO_COMPACT_FILL_RATE=0: that background writer would also compact the file, without a limit on what it
     * rewrites at once; {@link H2Housekeeping} does it instead, a bounded step every second.
     * <p>
     * CACHE_SIZE=1024 (KB; H2's default is 16 MB): every commit copies the pages it changes, so a large page
     * cache mostly holds superseded copies, payloads included, long enough for them to be promoted to the old
     * generation; the heap then fills up under steady load. With 1 MB, promotion under the ingest benchmark fell
     * to about a third at the same throughput (256 KB cost throughput: pages were read back).
     * <p>
     * RETENTION_TIME=5000 (ms; H2's default is 45 000): how long a written-over chunk keeps its space. H2
     * keeps it until the file system can be assumed to have written the chunks that replaced it;
     * {@link H2Housekeeping} forces the file to the disk every second, so five seconds keep that assumption with
     * room to spare. With 45 s, a sustained stream of small commits held 45 s of chunks: gigabytes of file and
     * one chunk record each on the heap.
     * <p>
     * DB_CLOSE_ON_EXIT=FALSE: H2's own shutdown hook would close the database while Spring's graceful shutdown
     * is still finishing the requests and deliveries in flight (the JVM runs shutdown hooks concurrently), so
     * their commits failed with "Database is already closed". Closing the connection pool closes it instead.
     */
    static DatabaseUrl embedded(Path dataDir) {
        Path file = dataDir.toAbsolutePath().normalize().resolve("webhooker");
        String jdbc = "jdbc:h2:file:" + file + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"
                + ";WRITE_DELAY=1000;AUTO_COMPACT_FILL_RATE=0;CACHE_SIZE=1024;RETENTION_TIME=5000;DB_CLOSE_ON_EXIT=FALSE;" + H2_NON_KEYWORDS;
        return new DatabaseUrl(jdbc, "sa", "", Vendor.H2);
    }

    private static DatabaseUrl fromPostgresUri(String value, String user, String password) {
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new InvalidSettingException("DATABASE_URL", "not a valid URL: " + e.getReason());
        }
        if (uri.getHost() == null || uri.getPath() == null || uri.getPath().length() < 2) {
            throw new InvalidSettingException("DATABASE_URL", "needs a host and a database name, e.g. postgres://user:pass@localhost:5432/webhooker");
        }
        String uriUser = null;
        String uriPassword = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            uriUser = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            uriPassword = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : null;
        }
        String jdbc = "jdbc:postgresql://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")
                + uri.getPath() + (uri.getRawQuery() != null ? "?" + uri.getRawQuery() : "");
        return new DatabaseUrl(jdbc, firstNonBlank(user, uriUser), firstNonBlank(password, uriPassword), Vendor.POSTGRESQL);
    }

    private static String redact(String value) {
        return value.replaceAll("//([^:/@]+):([^@]*)@", "//$1:***@");
    }

    private static String firstNonBlank(String a, String b) {
        return a != null && !a.isBlank() ? a : blankToNull(b);
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
