package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Only the system property: the common pool of this JVM was sized before any test ran. */
class CommonPoolSizeTest {

    private String before;

    @BeforeEach
    void keep() {
        before = System.getProperty(CommonPoolSize.PARALLELISM);
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(CommonPoolSize.PARALLELISM);
        } else {
            System.setProperty(CommonPoolSize.PARALLELISM, before);
        }
    }

    @Test
    void onAMachineOfFewerThanThreeCoresThePoolGetsTwoThreads() {
        System.clearProperty(CommonPoolSize.PARALLELISM);

        CommonPoolSize.atLeastTwoThreads();

        assertThat(System.getProperty(CommonPoolSize.PARALLELISM))
                .isEqualTo(Runtime.getRuntime().availableProcessors() < 3 ? "2" : null);
    }

    @Test
    void anOperatorsOwnSettingWins() {
        System.setProperty(CommonPoolSize.PARALLELISM, "1");

        CommonPoolSize.atLeastTwoThreads();

        assertThat(System.getProperty(CommonPoolSize.PARALLELISM)).isEqualTo("1");
    }
}
