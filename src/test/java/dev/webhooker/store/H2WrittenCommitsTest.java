package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.h2.mvstore.FileStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The embedded database lets H2 commit in memory; these tests check that what a commit returned from is nevertheless
 * in the file, by opening a copy of the file taken right after it, as a process killed at that moment would leave it.
 */
class H2WrittenCommitsTest {

    @TempDir
    Path dir;

    private HikariDataSource pool;
    private DataSource dataSource;
    private JdbcTemplate jdbc;

    @BeforeEach
    void open() throws SQLException {
        DatabaseUrl url = DatabaseUrl.resolve(null, null, null, dir.resolve("live"));
        pool = new HikariDataSource();
        pool.setJdbcUrl(url.jdbcUrl());
        pool.setUsername(url.user());
        pool.setPassword(url.password());
        dataSource = H2WrittenCommits.around(pool);
        jdbc = new JdbcTemplate(dataSource);
        jdbc.execute("CREATE TABLE kept (id INT PRIMARY KEY, note VARCHAR(100))");
    }

    @AfterEach
    void close() {
        pool.close();
    }

    @Test
    void wrapsAFileDatabaseOnly() {
        assertThat(dataSource).isInstanceOf(H2WrittenCommits.class);
        HikariDataSource memory = new HikariDataSource();
        memory.setJdbcUrl("jdbc:h2:mem:written-commits;DB_CLOSE_DELAY=-1");
        try {
            assertThat(H2WrittenCommits.around(memory)).isSameAs(memory);
        } finally {
            memory.close();
        }
    }

    @Test
    void aFileThatCannotBeOpenedFailsWithOneLine() throws Exception {
        Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("webhooker.mv.db"), "not an H2 file ".repeat(400));
        DatabaseUrl url = DatabaseUrl.resolve(null, null, null, broken);
        HikariDataSource brokenPool = new HikariDataSource();
        brokenPool.setJdbcUrl(url.jdbcUrl());
        brokenPool.setUsername(url.user());
        brokenPool.setPassword(url.password());
        brokenPool.setInitializationFailTimeout(-1);
        brokenPool.setConnectionTimeout(250);

        assertThatThrownBy(() -> H2WrittenCommits.around(brokenPool)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot open the H2 database: ").hasMessageNotContaining("\n");
        assertThat(brokenPool.isClosed()).isTrue();
    }

    @Test
    void anAutoCommitStatementIsInTheFileWhenItReturns() throws Exception {
        jdbc.update("INSERT INTO kept VALUES (1, 'auto-commit')");

        assertThat(idsInACopyOfTheFile()).containsExactly(1);
    }

    @Test
    void aTransactionIsInTheFileWhenItsCommitReturns() throws Exception {
        new TransactionTemplate(new DataSourceTransactionManager(dataSource)).executeWithoutResult(status -> {
            jdbc.update("INSERT INTO kept VALUES (2, 'first')");
            jdbc.update("INSERT INTO kept VALUES (3, 'second')");
        });

        assertThat(idsInACopyOfTheFile()).containsExactly(2, 3);
    }

    @Test
    void switchingAutoCommitBackOnEndsTheTransactionInTheFile() throws Exception {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("INSERT INTO kept VALUES (4, 'batch')");
            }
            connection.setAutoCommit(true); // JDBC commits the open transaction here

            assertThat(idsInACopyOfTheFile()).containsExactly(4);
        }
    }

    @Test
    void batchesAndUpdatesThroughPreparedStatementsAreWritten() throws Exception {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO kept VALUES (?, 'batched')")) {
            insert.setInt(1, 5);
            insert.addBatch();
            insert.setInt(1, 6);
            insert.addBatch();
            insert.executeBatch();
            assertThat(insert.getConnection()).isSameAs(connection);
        }

        assertThat(idsInACopyOfTheFile()).containsExactly(5, 6);
    }

    @Test
    void concurrentCommitsAreAllInTheFileAndShareWrites() throws Exception {
        FileStore<?> file = fileStore();
        long writesBefore = file.getWriteCount();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        List<Future<?>> inserts = new ArrayList<>();
        try {
            for (int i = 0; i < 400; i++) {
                int id = 100 + i;
                inserts.add(threads.submit(() -> jdbc.update("INSERT INTO kept VALUES (?, 'concurrent')", id)));
            }
            for (Future<?> insert : inserts) {
                insert.get();
            }
        } finally {
            threads.shutdown();
        }

        assertThat(idsInACopyOfTheFile()).hasSize(400);
        // one write per commit is what WRITE_DELAY=0 would have made; eight threads at once share some
        assertThat(file.getWriteCount() - writesBefore).isLessThan(400);
    }

    @Test
    void readsNeitherWaitForNorCauseAWrite() throws Exception {
        jdbc.update("INSERT INTO kept VALUES (7, 'read me')");
        FileStore<?> file = fileStore();
        long writesBefore = file.getWriteCount();

        assertThat(jdbc.queryForObject("SELECT note FROM kept WHERE id = 7", String.class)).isEqualTo("read me");
        assertThat(jdbc.queryForList("WITH k AS (SELECT id FROM kept) SELECT id FROM k", Integer.class)).containsExactly(7);
        new TransactionTemplate(new DataSourceTransactionManager(dataSource))
                .executeWithoutResult(status -> jdbc.queryForList("SELECT id FROM kept", Integer.class));

        assertThat(file.getWriteCount()).isEqualTo(writesBefore);
    }

    @Test
    void tellsReadingStatementsFromWritingOnes() {
        assertThat(H2WrittenCommits.readsOnly("SELECT * FROM kept")).isTrue();
        assertThat(H2WrittenCommits.readsOnly("  select id from kept where note like 'update%'")).isTrue();
        assertThat(H2WrittenCommits.readsOnly("(SELECT 1) UNION (SELECT 2)")).isTrue();
        assertThat(H2WrittenCommits.readsOnly("WITH k AS (SELECT id FROM kept) SELECT * FROM k")).isTrue();
        assertThat(H2WrittenCommits.readsOnly("VALUES 1")).isTrue();

        assertThat(H2WrittenCommits.readsOnly("SELECT key FROM FINAL TABLE (UPDATE kept SET note = 'x')")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("select * from old table (delete from kept)")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("SELECT NEXT VALUE FOR some_sequence")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("SELECT nextval('some_sequence')")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("INSERT INTO kept VALUES (1, 'x')")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("MERGE INTO kept KEY (id) VALUES (1, 'x')")).isFalse();
        assertThat(H2WrittenCommits.readsOnly("CALL some_function()")).isFalse();
        assertThat(H2WrittenCommits.readsOnly(null)).isFalse();
    }

    private FileStore<?> fileStore() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            return H2Housekeeping.fileStoreOf(connection).orElseThrow().getFileStore();
        }
    }

    /** The ids in a copy of the database file taken now, opened as a restart after a kill would open it. */
    private List<Integer> idsInACopyOfTheFile() throws Exception {
        Path copy = Files.createDirectories(dir.resolve("copy-" + System.nanoTime()));
        Files.copy(dir.resolve("live").resolve("webhooker.mv.db"), copy.resolve("webhooker.mv.db"));
        DatabaseUrl url = DatabaseUrl.resolve(null, null, null, copy);
        List<Integer> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM kept ORDER BY id")) {
            while (rows.next()) {
                ids.add(rows.getInt(1));
            }
        }
        return ids;
    }
}
