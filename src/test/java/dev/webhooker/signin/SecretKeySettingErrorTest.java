package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.FailedStart;
import dev.webhooker.testsupport.TestPostgres;

/** PostgreSQL without WEBHOOKER_SECRET_KEY stops start-up with one line naming the setting. */
class SecretKeySettingErrorTest {

    @Test
    void postgresqlNeedsASharedKey() throws Exception {
        List<String> lines = FailedStart.errorLines("--webhooker.database.url=" + TestPostgres.newDatabase(),
                "--webhooker.database.user=" + TestPostgres.user(), "--webhooker.database.password=" + TestPostgres.password());

        assertThat(String.join("\n", lines)).contains("Invalid setting WEBHOOKER_SECRET_KEY: not set; with DATABASE_URL it is required")
                .doesNotContain("\tat org.springframework");
    }
}
