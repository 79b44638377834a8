package dev.webhooker.platform.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.testsupport.AppStores;

/** The avatar card page Telegram fetches: served for the links this service makes, escaped, and nothing else. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RichHeaderEndpointIT {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "richheader");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @LocalServerPort
    int port;

    @Autowired
    RichHeaderLinks links;

    private HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private String linkFor(String author, String title) {
        NeutralMessage message = new NeutralMessage(title, "https://github.com/acme/w/pull/7", null, null,
                new NeutralMessage.Author(author, "https://avatars.githubusercontent.com/u/1?v=4&x=1", null), null, null, null, null,
                null, null, null);
        TelegramMessage rendered = new TelegramRenderer(links).render(message, "http://127.0.0.1:" + port);
        return rendered.linkPreviewOptions().get("url").asText();
    }

    @Test
    void aLinkTheRendererMadeShowsTheCardWithEveryValueEscaped() throws Exception {
        HttpResponse<String> page = get(linkFor("octo<cat>", "acme/w#7: **Fix** \"quotes\" & <b>tags</b>"));

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("<meta property=\"og:site_name\" content=\"octo&lt;cat&gt;\">")
                .contains("<meta property=\"og:title\" content=\"acme/w#7: Fix &quot;quotes&quot; &amp; &lt;b&gt;tags&lt;/b&gt;\">")
                .contains("<meta property=\"og:image\" content=\"https://avatars.githubusercontent.com/u/1?v=4&amp;x=1\">")
                .doesNotContain("<b>tags").doesNotContain("**");
        assertThat(page.headers().firstValue("Cache-Control").orElseThrow()).contains("max-age=86400");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("default-src 'none'");
    }

    @Test
    void anyOtherParametersAreNotFound() throws Exception {
        String link = linkFor("octocat", "acme/w#7: Fix");
        assertThat(get(link.replace("octocat", "mallory")).statusCode()).as("a changed title").isEqualTo(404);
        assertThat(get(link.replaceAll("&sig=[^&]*", "")).statusCode()).as("no signature").isEqualTo(404);
        assertThat(get("http://127.0.0.1:" + port + "/api/richheader?title=x&avatar=https%3A%2F%2Fevil.example%2Fa.png&sig=AAAA")
                .statusCode()).isEqualTo(404);
    }
}
