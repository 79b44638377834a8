package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.webhooker.config.InvalidSettingException;

class DatabaseUrlTest {

    private static final Path DATA = Path.of("/tmp/wh-data");

    @Test
    void unsetMeansTheEmbeddedH2FileUnderDataDirCommittingInMemoryWithoutH2sOwnCompaction() {
        DatabaseUrl url = DatabaseUrl.resolve("", null, null, DATA);

        assertThat(url.vendor()).isEqualTo(DatabaseUrl.Vendor.H2);
        assertThat(url.jdbcUrl()).startsWith("jdbc:h2:file:/tmp/wh-data/webhooker;").contains(";WRITE_DELAY=1000;").contains(";AUTO_COMPACT_FILL_RATE=0;").contains(";CACHE_SIZE=1024;").contains(";RETENTION_TIME=5000;");
    }

    @Test
    void jdbcPostgresUrlIsUsedAsGivenWithSeparateCredentials() {
        DatabaseUrl url = DatabaseUrl.resolve("jdbc:postgresql://db:5432/wh", "alice", "s3cret", DATA);

        assertThat(url).isEqualTo(new DatabaseUrl("jdbc:postgresql://db:5432/wh", "alice", "s3cret", DatabaseUrl.Vendor.POSTGRESQL));
    }

    @Test
    void postgresUriCarriesItsOwnCredentials() {
        DatabaseUrl url = DatabaseUrl.resolve("postgres://bob:p%40ss@db.internal:6543/hooks?sslmode=require", "", "", DATA);

        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:6543/hooks?sslmode=require");
        assertThat(url.user()).isEqualTo("bob");
        assertThat(url.password()).isEqualTo("p@ss");
    }

    @Test
    void explicitUserWinsOverTheOneInTheUri() {
        DatabaseUrl url = DatabaseUrl.resolve("postgresql://bob:x@db/hooks", "carol", null, DATA);

        assertThat(url.user()).isEqualTo("carol");
        assertThat(url.password()).isEqualTo("x");
    }

    @Test
    void h2UrlGetsTheKeywordSettingTheSeedColumnNamesNeed() {
        assertThat(DatabaseUrl.resolve("jdbc:h2:mem:x", null, null, DATA).jdbcUrl()).isEqualTo("jdbc:h2:mem:x;NON_KEYWORDS=KEY,VALUE");
    }

    @Test
    void anythingElseNamesTheSettingAndHidesThePassword() {
        assertThatThrownBy(() -> DatabaseUrl.resolve("mysql://root:topsecret@db/x", null, null, DATA))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("DATABASE_URL: ")
                .hasMessageNotContaining("topsecret");
        assertThatThrownBy(() -> DatabaseUrl.resolve("postgres://db", null, null, DATA))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("database name");
    }
}
