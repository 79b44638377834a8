package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.FailedStart;

/** A malformed REDIS_URL or S3 setting stops start-up with one report naming it. */
class StoreSettingErrorTest {

    @Test
    void malformedRedisUrl() throws Exception {
        String output = startWith("--webhooker.redis-url=redis://cache:notaport");
        assertThat(output).contains("Invalid setting REDIS_URL: ");
        assertThat(output).doesNotContain("\tat org.springframework");
    }

    @Test
    void s3EndpointThatIsNoHttpUrl() throws Exception {
        String output = startWith("--webhooker.s3.bucket=webhooker-payloads", "--webhooker.s3.endpoint=127.0.0.1:9000");
        assertThat(output).contains("Invalid setting S3_ENDPOINT: must be an http(s) URL");
        assertThat(output).doesNotContain("\tat org.springframework");
    }

    private static String startWith(String... settings) throws Exception {
        return String.join("\n", FailedStart.errorLines(settings));
    }
}
