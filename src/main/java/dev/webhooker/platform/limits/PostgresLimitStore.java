package dev.webhooker.platform.limits;

import java.sql.Array;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Limits every instance shares through PostgreSQL, for a cluster without Redis. Blocks are rows of
 * {@code rate_limit_block} timed by the database's clock; buckets are Bucket4j's rows of
 * {@code rate_limit_bucket}, each taken with SELECT … FOR UPDATE in its own short transaction. There is one row
 * per chat, bot or blocked endpoint, so neither table grows with the traffic.
 */
final class PostgresLimitStore implements LimitStore {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(2);

    private final JdbcTemplate jdbc;
    private final ProxyManager<String> buckets;

    PostgresLimitStore(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("rate_limit_bucket")
                .idColumn("id")
                .stateColumn("state")
                .requestTimeout(REQUEST_TIMEOUT)
                .build();
    }

    @Override
    public Duration blockedFor(List<String> keys) {
        Long millis = jdbc.query(connection -> {
            var statement = connection.prepareStatement("""
                    SELECT CAST(EXTRACT(EPOCH FROM MAX(until) - clock_timestamp()) * 1000 AS BIGINT)
                    FROM rate_limit_block WHERE block_key = ANY (?)""");
            Array array = connection.createArrayOf("varchar", keys.toArray());
            statement.setArray(1, array);
            return statement;
        }, rows -> rows.next() ? rows.getObject(1, Long.class) : null);
        return millis == null || millis <= 0 ? Duration.ZERO : Duration.ofMillis(millis);
    }

    @Override
    public void block(String key, Duration wait) {
        jdbc.update("""
                INSERT INTO rate_limit_block (block_key, until) VALUES (?, clock_timestamp() + ? * INTERVAL '1 millisecond')
                ON CONFLICT (block_key) DO UPDATE SET until = GREATEST(rate_limit_block.until, EXCLUDED.until)""",
                key, Math.max(1, wait.toMillis()));
    }

    @Override
    public Turn take(String key, BucketConfiguration configuration, Duration maxWait) {
        return LimitStore.take(buckets.builder().build(key, () -> configuration), maxWait);
    }

    @Override
    public String describe() {
        return "PostgreSQL";
    }
}
