package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import dev.webhooker.config.InvalidSettingException;

class RedisSettingsTest {

    @Test
    void hostOnlyTakesTheDefaults() {
        assertThat(RedisSettings.parse("redis://cache.local"))
                .isEqualTo(new RedisSettings("cache.local", 6379, 0, null, null, false));
    }

    @Test
    void readsEveryPart() {
        assertThat(RedisSettings.parse("redis://app:s3cret@10.0.0.5:6380/3"))
                .isEqualTo(new RedisSettings("10.0.0.5", 6380, 3, "app", "s3cret", false));
    }

    @Test
    void passwordWithoutUser() {
        assertThat(RedisSettings.parse("redis://:s3cret@localhost:6379"))
                .isEqualTo(new RedisSettings("localhost", 6379, 0, null, "s3cret", false));
        // user info without a colon is a password, as in Spring Boot
        assertThat(RedisSettings.parse("redis://s3cret@localhost").password()).isEqualTo("s3cret");
    }

    @Test
    void decodesPercentEncodedCredentials() {
        RedisSettings settings = RedisSettings.parse("redis://us%3Aer:p%40ss+w%2Frd@localhost/1");
        assertThat(settings.username()).isEqualTo("us:er");
        assertThat(settings.password()).isEqualTo("p@ss+w/rd");
    }

    @Test
    void redissMeansTls() {
        assertThat(RedisSettings.parse("rediss://cache.example.com:6380").ssl()).isTrue();
        assertThat(RedisSettings.parse("REDIS://localhost").ssl()).isFalse();
    }

    @Test
    void containerNamesWithUnderscoresAndIpv6() {
        assertThat(RedisSettings.parse("redis://my_redis_1:6379/2"))
                .isEqualTo(new RedisSettings("my_redis_1", 6379, 2, null, null, false));
        assertThat(RedisSettings.parse("redis://[::1]:6390"))
                .isEqualTo(new RedisSettings("::1", 6390, 0, null, null, false));
        assertThat(RedisSettings.parse("redis://localhost/").database()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "localhost:6379",
            "http://localhost:6379",
            "redis://",
            "redis:///0",
            "redis://localhost:port",
            "redis://localhost:0",
            "redis://localhost:70000",
            "redis://localhost/db1",
            "redis://localhost/-1",
            "redis://localhost/0/1",
            "redis://localhost?timeout=5",
            "redis://local host",
            "redis://[::1",
            " ",
    })
    void malformedValuesNameTheSetting(String value) {
        assertThatThrownBy(() -> RedisSettings.parse(value))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("REDIS_URL: ")
                .extracting(e -> ((InvalidSettingException) e).setting()).isEqualTo("REDIS_URL");
    }

    @Test
    void errorsAndToStringNeverShowThePassword() {
        assertThatThrownBy(() -> RedisSettings.parse("http://user:hunter2@localhost"))
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> RedisSettings.parse("redis://user:hunter2@localhost/x"))
                .hasMessageNotContaining("hunter2");
        assertThat(RedisSettings.parse("redis://user:hunter2@localhost").toString()).doesNotContain("hunter2");
    }
}
