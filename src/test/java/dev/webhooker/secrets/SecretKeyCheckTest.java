package dev.webhooker.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.webhook.WebhookTarget;

/**
 * The key check on a database of the version before it (an upgrade): the first start's key must open what the
 * database already holds sealed before it is recorded; a database with nothing sealed records any key.
 */
class SecretKeyCheckTest {

    private static final String KEY = "the key of this deployment, longer than thirty-two characters";
    private static final String OTHER = "another key, also longer than thirty-two characters";
    private static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void anUpgradedDatabaseWithSealedRoutesRecordsOnlyAKeyThatOpensThem(TestDatabases.Kind kind) {
        // sealed values and no verifier yet, as an upgraded database is before its first start (the repository of this
        // version writes the rows; no check has run)
        DataSource ds = TestDatabases.create(kind);
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        new ConfigRepository(jdbc, new DataSourceTransactionManager(ds), Clock.systemUTC(), new SecretBox(KEY, null))
                .replaceAll(List.of(group()), List.of(route(new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/ci",
                        List.of(SECRET), Map.of(), WebhookTarget.BodyFormat.EVENT, null)))));
        SqlKvStore kv = new SqlKvStore(ds, kind.vendor(), Clock.systemUTC());

        assertThatThrownBy(() -> check(jdbc, kv, new SecretBox(OTHER, null)))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_SECRET_KEY"))
                .hasMessageContaining("opens none of the 1 sealed values this database holds");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM secret_key_check", Integer.class)).isZero();

        check(jdbc, kv, new SecretBox(KEY, null));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM secret_key_check", Integer.class)).isOne();
        check(jdbc, kv, new SecretBox(KEY, null));
        assertThatThrownBy(() -> check(jdbc, kv, new SecretBox(OTHER, null))).hasMessageContaining("is not the key this database's");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void groupWebhookSecretsInTheKvStoreCountAsSealedValues(TestDatabases.Kind kind) {
        DataSource ds = TestDatabases.create(kind);
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        new ConfigRepository(jdbc, new DataSourceTransactionManager(ds), Clock.systemUTC(), new SecretBox(KEY, null))
                .replaceAll(List.of(group()), List.of(route(new DiscordTarget("123456789012345678", null))));
        SqlKvStore kv = new SqlKvStore(ds, kind.vendor(), Clock.systemUTC());
        new TenantSecrets(kv, new SecretBox(KEY, null)).regenerate("team", null);
        assertThat(kv.get(KvKeys.TENANT.key("team"))).hasValueSatisfying(v -> assertThat(v).startsWith("v1:"));

        assertThatThrownBy(() -> check(jdbc, kv, new SecretBox(OTHER, null))).hasMessageContaining("opens none of the 1 sealed values");
        check(jdbc, kv, new SecretBox(OTHER, KEY));
        check(jdbc, kv, new SecretBox(OTHER, null));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aDatabaseWithNothingSealedRecordsTheFirstKeyAndAnotherIsRefused(TestDatabases.Kind kind) {
        DataSource ds = TestDatabases.create(kind);
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        SqlKvStore kv = new SqlKvStore(ds, kind.vendor(), Clock.systemUTC());

        check(jdbc, kv, new SecretBox(KEY, null));

        assertThatThrownBy(() -> check(jdbc, kv, new SecretBox(OTHER, null))).isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("WEBHOOKER_SECRET_KEY: the key (WEBHOOKER_SECRET_KEY) is not the key")
                .hasMessageNotContaining(KEY).hasMessageNotContaining(OTHER);
        String before = jdbc.queryForObject("SELECT verifier FROM secret_key_check", String.class);
        check(jdbc, kv, new SecretBox(OTHER, KEY));
        assertThat(jdbc.queryForObject("SELECT verifier FROM secret_key_check", String.class)).isNotEqualTo(before);
        check(jdbc, kv, new SecretBox(OTHER, null));
        assertThatThrownBy(() -> check(jdbc, kv, new SecretBox(KEY, null))).isInstanceOf(InvalidSettingException.class);
    }

    private static void check(JdbcTemplate jdbc, SqlKvStore kv, SecretBox box) {
        new SecretKeyCheck(jdbc, kv, box, "WEBHOOKER_SECRET_KEY", Clock.systemUTC()).verify();
    }

    private static Group group() {
        return new Group("team", "Team", List.of(new Group.Member("alice", "owner")), List.of("alice"), List.of(), List.of(),
                null, true, List.of(), null, null, false);
    }

    private static Route route(Target target) {
        return new Route("ci", "team", "CI", true, List.of(new Filter("event", List.of("push"), false)), null, List.of(target),
                false, false, List.of());
    }
}
