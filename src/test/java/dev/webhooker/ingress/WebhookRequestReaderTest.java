package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The route's first step: the body the servlet filter read, or (without the filter) the message body, both limited. */
class WebhookRequestReaderTest {

    private final DefaultCamelContext camel = new DefaultCamelContext();
    private final BoundedBodyReader limit = new BoundedBodyReader(16);
    private final WebhookRequestReader reader = new WebhookRequestReader(limit);

    @AfterEach
    void close() throws Exception {
        camel.close();
    }

    @Test
    void takesTheBodyTheFilterReadAndTheSendersContentType() throws Exception {
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/webhook/team-a");
        request.setContentType("application/json");
        request.setContent(body);
        new RawWebhookBodyFilter(limit, java.time.Duration.ofSeconds(15)).doFilter(request, new MockHttpServletResponse(), (req, res) -> { });
        Exchange exchange = new DefaultExchange(camel);
        exchange.getIn().setHeader(Exchange.HTTP_SERVLET_REQUEST, request);
        exchange.getIn().setHeader("groupId", "team-a");
        exchange.getIn().setHeader("Content-Type", "application/octet-stream");
        exchange.getIn().setHeader(RawWebhookBodyFilter.ORIGINAL_CONTENT_TYPE, "application/json");
        // what Camel holds is never read
        exchange.getIn().setBody(new ByteArrayInputStream("not this".getBytes(StandardCharsets.UTF_8)));

        ReceivedWebhook received = reader.read(exchange);

        assertThat(received.body()).isEqualTo(body);
        assertThat(received.groupId()).isEqualTo("team-a");
        assertThat(received.contentType()).isEqualTo("application/json");
    }

    @Test
    void withoutTheFilterTheMessageBodyIsReadWithinTheSameLimit() {
        Exchange exchange = new DefaultExchange(camel);
        exchange.getIn().setBody(new ByteArrayInputStream("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        assertThat(reader.read(exchange).body()).isEqualTo("{\"a\":1}".getBytes(StandardCharsets.UTF_8));

        Exchange tooLarge = new DefaultExchange(camel);
        tooLarge.getIn().setHeader("Content-Length", "17");
        tooLarge.getIn().setBody(new ByteArrayInputStream(new byte[17]));
        assertThatThrownBy(() -> reader.read(tooLarge))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> assertThat(e.rejection()).isEqualTo(Rejection.TOO_LARGE));
    }
}
