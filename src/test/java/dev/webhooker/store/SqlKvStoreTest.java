package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlKvStoreTest {

    @Test
    void likePrefixEscapesWildcardsAndTheEscapeCharacter() {
        assertThat(SqlKvStore.likePrefix("invite:")).isEqualTo("invite:%");
        assertThat(SqlKvStore.likePrefix("100%_!")).isEqualTo("100!%!_!!%");
        assertThat(SqlKvStore.likePrefix("")).isEqualTo("%");
    }

    @Test
    void globPrefixEscapesRedisPatternCharacters() {
        assertThat(RedisKvStore.globPrefix("msg:lock:")).isEqualTo("msg:lock:*");
        assertThat(RedisKvStore.globPrefix("a*b?[c]\\")).isEqualTo("a\\*b\\?\\[c\\]\\\\*");
    }
}
