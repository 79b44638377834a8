package dev.webhooker.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.FailedStart;

/** A malformed setting stops start-up with one log line naming it, not a framed report or a stack trace. */
class StartupSettingErrorTest {

    @Test
    void malformedDatabaseUrlStopsStartUpWithOneClearLine() throws Exception {
        List<String> errors = FailedStart.errorLines("--webhooker.database.url=mysql://db/x");

        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).contains("Invalid setting DATABASE_URL: expected jdbc:postgresql://");
    }

    @Test
    void aVariableWithAValueOfTheWrongShapeIsNamedWithItsValue() throws Exception {
        // a command-line argument named like the variable is read exactly as the environment variable would be
        assertThat(FailedStart.errorLines("--DEDUP_WINDOW=7days")).singleElement().asString()
                .endsWith("Invalid setting DEDUP_WINDOW: \"7days\" is not a positive duration such as 30s, 5m, 2h or 7d");
        assertThat(FailedStart.errorLines("--PORT=abc")).singleElement().asString()
                .endsWith("Invalid setting PORT: \"abc\" is not a port number from 0 to 65535 (0 picks a free one)");
    }

    @Test
    void aSpringPropertyThatCannotBeBoundIsOneLineToo() throws Exception {
        // not through the variable: the binder's failure, named by the variable that feeds the property
        assertThat(FailedStart.errorLines("--webhooker.ingress.dedup-window=7days")).singleElement().asString()
                .endsWith("Invalid setting DEDUP_WINDOW: \"7days\" is not a positive duration such as 30s, 5m, 2h or 7d");
    }
}
