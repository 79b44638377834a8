package dev.webhooker.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Wrapper;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.h2.mvstore.MVStore;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The DataSource of an H2 file database: a commit returns only once it is in the file, and commits that end at the
 * same moment share the write that puts them there ({@link H2StoreWrites}). H2 itself then need not write in each
 * commit: the embedded URL gives it a write delay (see {@link DatabaseUrl#embedded}). With WRITE_DELAY=0 in a
 * DATABASE_URL, H2 writes in every commit itself, and the wait here usually finds nothing left to write. The delivery
 * engine's commits, which no client waits on ({@link BackgroundCommits}), may wait a few milliseconds longer for others
 * to share their write.
 * <p>
 * A commit here is {@code Connection.commit()}, {@code setAutoCommit(true)} ending a transaction, or a statement run
 * in auto-commit mode. A transaction, or an auto-commit statement, in which every statement only read does not wait.
 * A statement counts as reading when it ran through {@code executeQuery} or {@code execute} and its SQL is a
 * {@code SELECT}, {@code WITH}, {@code VALUES} or {@code TABLE} query without a data change (H2's
 * {@code FINAL/NEW/OLD TABLE (…)}) or a sequence's next value; everything else waits.
 */
public final class H2WrittenCommits extends DelegatingDataSource implements AutoCloseable {

    /** Statement methods that run SQL which may only have read; every other way of running SQL writes. */
    private static final Set<String> MAY_READ = Set.of("execute", "executeQuery");
    private static final Set<String> WRITE = Set.of("executeUpdate", "executeLargeUpdate", "executeBatch",
            "executeLargeBatch");
    private static final List<String> READ_STARTS = List.of("SELECT", "WITH", "VALUES", "TABLE");
    private static final Pattern WRITE_INSIDE = Pattern.compile(
            "\\b(FINAL|NEW|OLD)\\s+TABLE\\b|\\bNEXT\\s+VALUE\\b|\\bNEXTVAL\\b", Pattern.CASE_INSENSITIVE);

    /**
     * The least time between a write of the file and the next one that carries a background commit only
     * ({@link BackgroundCommits}). Measured on the backlog point of bench/run.sh: with 3 ms for every commit the
     * drain took about 13 % less CPU per send than with writes back to back, and 10 ms held the deliveries back
     * (bench/results/2026-12-05-write-interval.md); a client's commit is written at once.
     */
    static final Duration BACKGROUND_WRITE_INTERVAL = Duration.ofMillis(3);

    private final H2StoreWrites writes;

    H2WrittenCommits(DataSource target, H2StoreWrites writes) {
        super(target);
        this.writes = writes;
    }

    /**
     * The pool of an H2 database, as the application uses it: for a file database, commits return once they are in
     * the file; H2 in memory, or over TCP, is returned as it is. Opens the database to tell.
     */
    public static DataSource around(HikariDataSource pool) {
        MVStore store;
        try (Connection connection = pool.getConnection()) {
            store = H2Housekeeping.fileStoreOf(connection).orElse(null);
        } catch (SQLException e) {
            pool.close();
            throw new IllegalStateException("cannot open the H2 database: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        }
        return store == null ? pool
                : new H2WrittenCommits(pool, new H2StoreWrites(store::commit, BACKGROUND_WRITE_INTERVAL));
    }

    @Override
    public Connection getConnection() throws SQLException {
        return wrap(super.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return wrap(super.getConnection(username, password));
    }

    /** Closes the pool (the bean's destroy method, inferred): its last connection closes the database. */
    public void close() throws Exception {
        if (getTargetDataSource() instanceof AutoCloseable pool) {
            pool.close();
        }
    }

    /** Whether running {@code sql} can only read (see the class comment). */
    static boolean readsOnly(String sql) {
        if (sql == null) {
            return false;
        }
        int start = 0;
        while (start < sql.length() && (Character.isWhitespace(sql.charAt(start)) || sql.charAt(start) == '(')) {
            start++;
        }
        for (String keyword : READ_STARTS) {
            int end = start + keyword.length();
            if (sql.regionMatches(true, start, keyword, 0, keyword.length())
                    && (end == sql.length() || !Character.isLetterOrDigit(sql.charAt(end)) && sql.charAt(end) != '_')) {
                return !WRITE_INSIDE.matcher(sql).find();
            }
        }
        return false;
    }

    private Connection wrap(Connection connection) {
        ConnectionHandler handler = new ConnectionHandler(connection);
        handler.proxy = (Connection) Proxy.newProxyInstance(H2WrittenCommits.class.getClassLoader(),
                new Class<?>[] {Connection.class}, handler);
        return handler.proxy;
    }

    /**
     * Forwards every call to the wrapped JDBC object but identity, which stays the proxy's, and unwrapping, which also
     * answers for the proxy's own interface.
     */
    private abstract static class Forwarding implements InvocationHandler {

        final Wrapper target;

        Forwarding(Wrapper target) {
            this.target = target;
        }

        @Override
        public final Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "unwrap" -> ((Class<?>) args[0]).isInstance(proxy) ? proxy : target.unwrap((Class<?>) args[0]);
                case "isWrapperFor" -> ((Class<?>) args[0]).isInstance(proxy) || target.isWrapperFor((Class<?>) args[0]);
                default -> forward(method, args);
            };
        }

        /** Any other call; {@link #call} passes it on unchanged. */
        abstract Object forward(Method method, Object[] args) throws Throwable;

        final Object call(Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    private final class ConnectionHandler extends Forwarding {

        private final Connection connection;
        private Connection proxy;
        /** A statement that may have written ran in the open transaction. */
        private boolean wroteInTransaction;

        ConnectionHandler(Connection connection) {
            super(connection);
            this.connection = connection;
        }

        @Override
        Object forward(Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "commit": {
                    call(method, args);
                    committed();
                    return null;
                }
                case "rollback":
                    if (args == null) {
                        Object result = call(method, null);
                        wroteInTransaction = false;
                        return result;
                    }
                    return call(method, args);
                case "setAutoCommit": {
                    boolean ending = (Boolean) args[0] && !connection.getAutoCommit();
                    call(method, args);
                    if (ending) {
                        committed(); // JDBC commits the open transaction here
                    }
                    return null;
                }
                case "createStatement":
                    return statement(call(method, args), Statement.class, null);
                case "prepareStatement":
                    return statement(call(method, args), PreparedStatement.class, (String) args[0]);
                case "prepareCall":
                    return statement(call(method, args), CallableStatement.class, (String) args[0]);
                default:
                    return call(method, args);
            }
        }

        private void committed() {
            if (wroteInTransaction) {
                wroteInTransaction = false;
                writes.awaitWritten(BackgroundCommits.onThisThread());
            }
        }

        /** After a statement ran: waits for the file in auto-commit mode, or marks the transaction as written. */
        void ran(boolean mayHaveWritten) throws SQLException {
            if (!mayHaveWritten) {
                return;
            }
            if (connection.getAutoCommit()) {
                writes.awaitWritten(BackgroundCommits.onThisThread());
            } else {
                wroteInTransaction = true;
            }
        }

        private Object statement(Object statement, Class<?> type, String preparedSql) {
            return Proxy.newProxyInstance(H2WrittenCommits.class.getClassLoader(), new Class<?>[] {type},
                    new StatementHandler((Statement) statement, this, preparedSql));
        }
    }

    private static final class StatementHandler extends Forwarding {

        private final ConnectionHandler connection;
        private final String preparedSql;

        StatementHandler(Statement target, ConnectionHandler connection, String preparedSql) {
            super(target);
            this.connection = connection;
            this.preparedSql = preparedSql;
        }

        @Override
        Object forward(Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (name.equals("getConnection")) {
                return connection.proxy;
            }
            Object result = call(method, args);
            if (WRITE.contains(name)) {
                connection.ran(true);
            } else if (MAY_READ.contains(name)) {
                String sql = args != null && args.length > 0 && args[0] instanceof String given ? given : preparedSql;
                connection.ran(!readsOnly(sql));
            }
            return result;
        }
    }
}
