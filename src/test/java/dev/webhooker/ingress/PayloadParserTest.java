package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PayloadParserTest {

    private final PayloadParser parser = new PayloadParser(new ObjectMapper());

    @Test
    void theParsersLimitsAreInvalidEventsThatSayWhichLimit() {
        String deep = "{\"a\":" + "[".repeat(1200) + "]".repeat(1200) + "}";
        String longNumber = "{\"a\":" + "9".repeat(1500) + "}";
        assertThatThrownBy(() -> parser.parse(deep.getBytes(StandardCharsets.UTF_8), "application/json"))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                    assertThat(e.rejection()).isEqualTo(Rejection.INVALID_EVENT);
                    assertThat(e.detail()).isEqualTo("the JSON nests deeper than 1000 levels");
                });
        assertThatThrownBy(() -> parser.parse(longNumber.getBytes(StandardCharsets.UTF_8), "application/json"))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.detail()).isEqualTo("the JSON has a number longer than 1000 characters"));
    }

    @Test
    void anObjectIsParsed() {
        assertThat(parser.parse("{\"a\":1}".getBytes(StandardCharsets.UTF_8), "application/json").get("a").intValue()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1,2]", "123", "null", "\"text\"", "true", "{\"a\":", "", "   ", "{} {}", "{\"a\":1} trailing", "not json"})
    void anythingButOneObjectIsAnInvalidEvent(String body) {
        assertThatThrownBy(() -> parser.parse(body.getBytes(StandardCharsets.UTF_8), "application/json"))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                    assertThat(e.rejection()).isEqualTo(Rejection.INVALID_EVENT);
                    assertThat(e.detail()).isNotBlank();
                });
    }

    @Test
    void invalidUtf8IsAnInvalidEvent() {
        byte[] body = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertThatThrownBy(() -> parser.parse(body, "application/json")).isInstanceOf(WebhookRejectedException.class);
    }

    @Test
    void theFormEncodingCarriesTheJsonInItsPayloadField() {
        String form = "payload=" + java.net.URLEncoder.encode("{\"zen\":\"Keep it simple & clear\"}", StandardCharsets.UTF_8);
        var node = parser.parse(form.getBytes(StandardCharsets.US_ASCII), "application/x-www-form-urlencoded; charset=utf-8");
        assertThat(node.get("zen").textValue()).isEqualTo("Keep it simple & clear");
        assertThatThrownBy(() -> parser.parse("other=1".getBytes(StandardCharsets.US_ASCII), "application/x-www-form-urlencoded"))
                .isInstanceOf(WebhookRejectedException.class);
    }

    @Test
    void aJsonBodyIsKeptAsTheReceivedText() {
        String body = " \n{\"b\": 2.50, \"a\": \"\u00e9\\u00e9\"}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        parser.parse(bytes, "application/json");
        assertThat(PayloadParser.receivedJsonText(bytes, "application/json")).isEqualTo(body);
    }

    @Test
    void aFormBodyOrAByteOrderMarkIsNotTheJsonText() {
        String form = "payload=" + java.net.URLEncoder.encode("{\"a\":1}", StandardCharsets.UTF_8);
        assertThat(PayloadParser.receivedJsonText(form.getBytes(StandardCharsets.US_ASCII), "application/x-www-form-urlencoded")).isNull();
        byte[] withBom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'};
        assertThat(PayloadParser.receivedJsonText(withBom, "application/json")).isNull();
    }
}
