package dev.webhooker.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;

/**
 * Run in a child JVM by {@link EmbeddedDatabaseShutdownTest}: opens the embedded database, then exits while
 * a shutdown hook (standing in for Spring's graceful shutdown) still has a statement to run.
 */
public final class ExitQueryProbe {

    public static void main(String[] args) throws Exception {
        DatabaseUrl url = DatabaseUrl.embedded(Path.of(args[0]));
        Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
        connection.createStatement().execute("CREATE TABLE probe (id INT)");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Thread.sleep(500); // the work still in flight when the JVM was asked to exit
                connection.createStatement().execute("INSERT INTO probe VALUES (1)");
                connection.close();
                System.out.println("statement after exit: ok");
            } catch (Exception e) {
                System.out.println("statement after exit failed: " + e.getMessage());
            }
        }));
        System.exit(0);
    }
}
