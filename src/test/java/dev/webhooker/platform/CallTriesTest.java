package dev.webhooker.platform;

import static java.util.concurrent.CompletableFuture.completedFuture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.CallTries.Try;
import dev.webhooker.platform.limits.RateLimits;

class CallTriesTest {

    @Test
    void triesAgainUntilATryIsFinal() {
        List<Integer> made = new ArrayList<>();

        String result = CallTries.<String>run(5, n -> {
            made.add(n);
            return completedFuture(n < 3 ? Try.again("429 on try " + n) : Try.last("sent on try " + n));
        }).join();

        assertThat(result).isEqualTo("sent on try 3");
        assertThat(made).containsExactly(1, 2, 3);
    }

    @Test
    void whenNoTryIsLeftTheLastResultStands() {
        List<Integer> made = new ArrayList<>();

        String result = CallTries.<String>run(3, n -> {
            made.add(n);
            return completedFuture(Try.again("429 on try " + n));
        }).join();

        assertThat(result).isEqualTo("429 on try 3");
        assertThat(made).containsExactly(1, 2, 3);
        assertThat(CallTries.<String>run(0, n -> completedFuture(Try.last("never"))).join()).isNull();
    }

    @Test
    void aWaitHoldsNoThreadAndTheCallGoesWhenItHasPassed() throws Exception {
        long started = System.nanoTime();
        CompletableFuture<Long> sentAt = CallTries.after(Duration.ofSeconds(2), () -> completedFuture(System.nanoTime()));

        assertThat(sentAt).isNotDone();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the caller goes on at once").isLessThan(Duration.ofSeconds(1));
        assertThat(Duration.ofNanos(sentAt.get(5, TimeUnit.SECONDS) - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(CallTries.after(Duration.ZERO, () -> completedFuture("now"))).isCompletedWithValue("now");
    }

    @Test
    void anIoFailureIsTakenOutOfItsWrappersAndAnythingElseIsThrownAgain() {
        SocketTimeoutException timeout = new SocketTimeoutException("request timed out");

        assertThat(CallTries.ioFailure(new CompletionException(timeout))).isSameAs(timeout);
        assertThat(CallTries.ioFailure(new IOException("reset"))).hasMessage("reset");
        assertThatThrownBy(() -> CallTries.ioFailure(new CompletionException(new IllegalStateException("a bug"))))
                .isInstanceOf(CompletionException.class).hasRootCauseMessage("a bug");
    }

    @Test
    void whatIsMadeOfEachAnswerRunsOffTheHttpClientsIoThreads() throws Exception {
        // making sense of an answer may store a rate-limit block in Redis or the database, and the next try asks the
        // limits for its turn: neither may hold up the client's two I/O threads
        WireMockServer api = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        api.start();
        try (OutboundHttp http = OutboundHttp.forApis(Duration.ofSeconds(2))) {
            api.stubFor(WireMock.post("/send").willReturn(WireMock.aResponse().withStatus(429)));
            List<String> threads = new ArrayList<>();
            OutboundHttp.Request request = OutboundHttp.Request.of("POST", URI.create(api.baseUrl() + "/send"), Map.of(), "{}",
                    Duration.ofSeconds(2));

            CallTries.send(http, request, 2, () -> {
                threads.add("turn on " + Thread.currentThread().getName());
                return new RateLimits.Admission(Duration.ZERO, Optional.empty());
            }, new CallTries.Answers<String>() {
                @Override
                public String deferred(Duration wait, String reason, int tries) {
                    return "deferred";
                }

                @Override
                public String unanswered(IOException failure, int tries) {
                    return "unanswered";
                }

                @Override
                public Try<String> answered(OutboundHttp.Reply reply, int tries) {
                    threads.add("answer on " + Thread.currentThread().getName());
                    return Try.again("429");
                }
            }).get(10, TimeUnit.SECONDS);

            assertThat(threads).hasSize(4).noneSatisfy(thread -> assertThat(thread).contains("platform-calls"));
            assertThat(threads.get(0)).isEqualTo("turn on " + Thread.currentThread().getName());
        } finally {
            api.stop();
        }
    }

    @Test
    void aCallThatFindsNoFreeConnectionIsDeferredWithNothingSent() throws Exception {
        WireMockServer api = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        api.start();
        // one connection per host, held for 3 s by the first call
        try (OutboundHttp http = new OutboundHttp("calls-test", Duration.ofMillis(500), 1, 1,
                HttpVersionPolicy.FORCE_HTTP_1, 1024, null)) {
            api.stubFor(WireMock.post("/hold").willReturn(WireMock.ok().withFixedDelay(3_000)));
            api.stubFor(WireMock.post("/send").willReturn(WireMock.ok()));
            CompletableFuture<OutboundHttp.Reply> holding = http.send(OutboundHttp.Request.of("POST",
                    URI.create(api.baseUrl() + "/hold"), Map.of(), "{}", Duration.ofSeconds(10)));
            Thread.sleep(300);

            String result = CallTries.send(http, OutboundHttp.Request.of("POST", URI.create(api.baseUrl() + "/send"), Map.of(),
                    "{}", Duration.ofMillis(300)), 3, () -> new RateLimits.Admission(Duration.ZERO, Optional.empty()),
                    new CallTries.Answers<String>() {
                        @Override
                        public String deferred(Duration wait, String reason, int tries) {
                            return "deferred " + wait.toMillis() + " ms (" + reason + ") after " + tries + " requests";
                        }

                        @Override
                        public String unanswered(IOException failure, int tries) {
                            return "unanswered: " + failure;
                        }

                        @Override
                        public Try<String> answered(OutboundHttp.Reply reply, int tries) {
                            return Try.last("answered " + reply.status());
                        }
                    }).get(10, TimeUnit.SECONDS);

            assertThat(result).isEqualTo("deferred 300 ms (busy: no free connection to its host within PT0.3S) after 0 requests");
            assertThat(holding.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
            api.verify(0, WireMock.postRequestedFor(WireMock.urlEqualTo("/send")));
        } finally {
            api.stop();
        }
    }
}
