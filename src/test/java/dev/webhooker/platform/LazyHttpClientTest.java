package dev.webhooker.platform;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LazyHttpClientTest {

    WireMockServer server;
    final AtomicInteger builds = new AtomicInteger();

    @BeforeEach
    void start() {
        server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        server.stubFor(get("/ping").willReturn(ok("pong")));
        server.stubFor(post("/echo").willReturn(okJson("{\"ok\":true}")));
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    LazyHttpClient lazy(Duration connectTimeout) {
        return new LazyHttpClient(() -> {
            builds.incrementAndGet();
            return HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        });
    }

    HttpRequest ping() {
        return HttpRequest.newBuilder(URI.create(server.baseUrl() + "/ping")).GET().build();
    }

    @Test
    void buildsNothingUntilTheFirstCall() throws Exception {
        LazyHttpClient client = lazy(Duration.ofSeconds(3));

        assertThat(client.isBuilt()).isFalse();
        assertThat(builds).hasValue(0);

        HttpResponse<String> response = client.send(ping(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("pong");
        assertThat(client.isBuilt()).isTrue();
        assertThat(builds).hasValue(1);
    }

    @Test
    void laterCallsReuseTheClientBuiltFirst() throws Exception {
        LazyHttpClient client = lazy(Duration.ofSeconds(3));

        client.send(ping(), HttpResponse.BodyHandlers.discarding());
        HttpResponse<String> async = client.sendAsync(
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/echo")).POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(), HttpResponse.BodyHandlers.ofString()).get(5, TimeUnit.SECONDS);

        assertThat(async.body()).isEqualTo("{\"ok\":true}");
        assertThat(builds).hasValue(1);
    }

    @Test
    void answersWithTheSettingsOfTheClientItBuilds() {
        LazyHttpClient client = lazy(Duration.ofMillis(1234));

        assertThat(client.connectTimeout()).contains(Duration.ofMillis(1234));
        assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
        assertThat(builds).hasValue(1);
    }

    @Test
    void concurrentFirstCallsBuildOneClient() throws Exception {
        LazyHttpClient client = new LazyHttpClient(() -> {
            builds.incrementAndGet();
            try {
                Thread.sleep(50); // keeps the other callers arriving while the first one builds
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return HttpClient.newHttpClient();
        });
        int callers = 8;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                statuses.add(pool.submit(() -> {
                    go.await();
                    return client.send(ping(), HttpResponse.BodyHandlers.discarding()).statusCode();
                }));
            }
            go.countDown();
            for (Future<Integer> status : statuses) {
                assertThat(status.get(10, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(builds).hasValue(1);
    }

    @Test
    void closingAClientNeverUsedBuildsNone() {
        LazyHttpClient client = lazy(Duration.ofSeconds(3));

        client.close();

        assertThat(client.isBuilt()).isFalse();
        assertThat(builds).hasValue(0);
    }

    @Test
    void aFactoryThatBuildsNothingIsAnErrorAndIsTriedAgainOnTheNextCall() {
        AtomicInteger calls = new AtomicInteger();
        LazyHttpClient client = new LazyHttpClient(() -> calls.incrementAndGet() == 1 ? null : HttpClient.newHttpClient());

        assertThatThrownBy(client::version).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("built no client");
        assertThat(client.isBuilt()).isFalse();
        assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(client.isBuilt()).isTrue();
    }
}
