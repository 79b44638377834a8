package dev.webhooker.testsupport;

/** The machine's Redis (127.0.0.1:6379), or WEBHOOKER_TEST_REDIS_URL. Tests use unique keys, never FLUSHDB. */
public final class TestRedis {

    private TestRedis() {
    }

    public static String url() {
        String value = System.getenv("WEBHOOKER_TEST_REDIS_URL");
        return value == null || value.isBlank() ? "redis://127.0.0.1:6379" : value;
    }
}
