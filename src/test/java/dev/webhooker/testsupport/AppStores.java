package dev.webhooker.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import org.springframework.test.context.DynamicPropertyRegistry;

/** The stores a booted application test runs on: the embedded default, or a fresh PostgreSQL database with Redis. */
public final class AppStores {

    /** A key for PostgreSQL setups, which require one (tokens and secrets are sealed with it). */
    public static final String SECRET_KEY = "a shared key of more than thirty-two characters";

    private AppStores() {
    }

    /** H2 and the SQL-backed KV in a new data directory, payloads in a directory. */
    public static void embedded(DynamicPropertyRegistry registry, String name) {
        String dataDir = tempDir(name);
        registry.add("webhooker.data-dir", () -> dataDir);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
    }

    /** A new PostgreSQL database and the machine's Redis; payloads in a directory. */
    public static void postgresAndRedis(DynamicPropertyRegistry registry, String name) {
        String dataDir = tempDir(name);
        String database = TestPostgres.newDatabase();
        registry.add("webhooker.data-dir", () -> dataDir);
        registry.add("webhooker.database.url", () -> database);
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.redis-url", TestRedis::url);
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.secrets.key", () -> SECRET_KEY);
    }

    private static String tempDir(String name) {
        try {
            return Files.createTempDirectory("webhooker-" + name).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
