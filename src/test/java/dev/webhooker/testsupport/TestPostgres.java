package dev.webhooker.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A fresh, empty PostgreSQL database per call on the machine's server (127.0.0.1:5432, trust auth),
 * so test classes and parallel runs never see each other's rows. Dropped when the JVM exits.
 * Override the server with WEBHOOKER_TEST_PG_URL / _USER / _PASSWORD.
 */
public final class TestPostgres {

    private static final String ADMIN_URL = env("WEBHOOKER_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    private static final String USER = env("WEBHOOKER_TEST_PG_USER", "postgres");
    private static final String PASSWORD = env("WEBHOOKER_TEST_PG_PASSWORD", "");

    private TestPostgres() {
    }

    /** Creates a new database and returns its JDBC URL (user {@link #user()}, password {@link #password()}). */
    public static String newDatabase() {
        String name = "wh_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        try (Connection c = DriverManager.getConnection(ADMIN_URL, USER, PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database on " + ADMIN_URL + ": " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(name)));
        return ADMIN_URL.substring(0, ADMIN_URL.lastIndexOf('/') + 1) + name;
    }

    public static String user() {
        return USER;
    }

    public static String password() {
        return PASSWORD;
    }

    private static void drop(String name) {
        try (Connection c = DriverManager.getConnection(ADMIN_URL, USER, PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException ignored) {
            // best effort at JVM exit
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
