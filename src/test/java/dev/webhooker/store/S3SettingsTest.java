package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;

class S3SettingsTest {

    private static S3Settings from(String bucket, String endpoint, String region, String access, String secret) {
        return S3Settings.from(new WebhookerProperties.S3(bucket, endpoint, region, access, secret));
    }

    @Test
    void readsACompatibleServer() {
        S3Settings s = from("webhooker-payloads", "http://127.0.0.1:9000", "eu-west-1", "ak", "sk");
        assertThat(s.endpoint()).hasToString("http://127.0.0.1:9000");
        assertThat(s.region()).isEqualTo("eu-west-1");
        assertThat(s.staticCredentials()).isTrue();
    }

    @Test
    void awsWithDefaultCredentialsAndRegion() {
        S3Settings s = from("webhooker-payloads", "", "", "", "");
        assertThat(s.endpoint()).isNull();
        assertThat(s.region()).isEqualTo("us-east-1");
        assertThat(s.staticCredentials()).isFalse();
    }

    @Test
    void namesTheWrongSetting() {
        assertSetting(() -> from("webhooker-payloads", "127.0.0.1:9000", "", "", ""), "S3_ENDPOINT");
        assertSetting(() -> from("webhooker-payloads", "ftp://host", "", "", ""), "S3_ENDPOINT");
        assertSetting(() -> from("webhooker-payloads", "http://", "", "", ""), "S3_ENDPOINT");
        assertSetting(() -> from("webhooker-payloads", "http://a b", "", "", ""), "S3_ENDPOINT");
        assertSetting(() -> from("Webhooker_Payloads", "", "", "", ""), "S3_BUCKET");
        assertSetting(() -> from("ab", "", "", "", ""), "S3_BUCKET");
        assertSetting(() -> from("webhooker-payloads", "", "EU West", "", ""), "S3_REGION");
        assertSetting(() -> from("webhooker-payloads", "", "", "ak", ""), "S3_SECRET_KEY");
        assertSetting(() -> from("webhooker-payloads", "", "", "", "sk"), "S3_ACCESS_KEY");
    }

    private static void assertSetting(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String setting) {
        assertThatThrownBy(call).isInstanceOf(InvalidSettingException.class)
                .satisfies(e -> assertThat(((InvalidSettingException) e).setting()).isEqualTo(setting));
    }
}
