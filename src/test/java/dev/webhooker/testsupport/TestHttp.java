package dev.webhooker.testsupport;

import java.time.Duration;

import dev.webhooker.platform.OutboundHttp;

/**
 * The platforms' HTTP client as the application builds it, for tests that build a platform's or GitHub's client
 * themselves: one for the test JVM, started by its first call, its I/O threads daemons.
 */
public final class TestHttp {

    private static final OutboundHttp APIS = OutboundHttp.forApis(Duration.ofSeconds(2));

    private TestHttp() {
    }

    public static OutboundHttp apis() {
        return APIS;
    }
}
