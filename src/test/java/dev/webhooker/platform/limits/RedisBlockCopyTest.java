package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What the copy makes of what it hears, without a Redis server (RedisRateLimitsIT has the copy on a real one). */
class RedisBlockCopyTest {

    private final RedisBlockCopy copy = new RedisBlockCopy(() -> {
        throw new IllegalStateException("no Redis in this test");
    }, null, 3);

    @Test
    void listensOnTheChannelOfItsDatabase() {
        assertThat(copy.publishedOn()).isEqualTo("ratelimit:blocks:3");
        assertThat(RedisBlockCopy.channel(0)).isEqualTo("ratelimit:blocks:0");
    }

    @Test
    void learnsABlockFromAMessageOnItsChannelOnly() {
        copy.message("ratelimit:blocks:3", "30000 webhook:sha256:ab cd");
        copy.message("ratelimit:blocks:4", "30000 telegram:other-database");
        copy.message("ratelimit:blocks:3", "soon telegram:not-a-number");
        copy.message("ratelimit:blocks:3", "30000");

        assertThat(copy.blocksKnown()).isEqualTo(1);
    }

    @Test
    void answersNothingUntilItIsCurrentSoTheCallerAsksRedis() {
        copy.learned("telegram:1", 30_000);

        assertThat(copy.current()).isFalse();
        assertThat(copy.blockedFor(List.of("telegram:1"))).isEmpty();
    }

    @Test
    void removesTheEndedBlocksOfKeysNoLongerCheckedOnceItHoldsMany() {
        for (int i = 0; i < 1024; i++) {
            copy.learned("webhook:gone-" + i, 0);
        }
        copy.learned("telegram:running", 30_000);

        assertThat(copy.blocksKnown()).isEqualTo(1);
    }
}
