package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The body is read once, by the filter, within the limit; what comes after it sees an empty, opaque body. */
class RawWebhookBodyFilterTest {

    private static final int MAX = 1024;

    private final RawWebhookBodyFilter filter = new RawWebhookBodyFilter(new BoundedBodyReader(MAX), java.time.Duration.ofSeconds(15));

    private HttpServletRequest filtered(MockHttpServletRequest request) throws Exception {
        AtomicReference<HttpServletRequest> seen = new AtomicReference<>();
        filter.doFilter(request, new MockHttpServletResponse(), (req, res) -> seen.set((HttpServletRequest) req));
        return seen.get();
    }

    @Test
    void aWebhookBodyIsHandedOverAsAnAttributeAndTheRestSeesNone() throws Exception {
        byte[] body = "payload=%7B%22a%22%3A1%7D".getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/webhook/team-a");
        request.setContentType("application/x-www-form-urlencoded");
        request.setContent(body);

        HttpServletRequest next = filtered(request);

        assertThat(RawWebhookBodyFilter.bodyOf(next)).isEqualTo(body);
        assertThat(next.getContentLength()).isZero();
        assertThat(next.getContentLengthLong()).isZero();
        assertThat(next.getInputStream().read()).isEqualTo(-1);
        assertThat(next.getContentType()).isEqualTo("application/octet-stream");
        assertThat(next.getHeader(RawWebhookBodyFilter.ORIGINAL_CONTENT_TYPE)).isEqualTo("application/x-www-form-urlencoded");
        assertThat(next.getParameterMap()).isEmpty();
    }

    @Test
    void anOversizedChunkedBodyIsReadOnlyJustPastTheLimitAndRejectedByTheRoute() throws Exception {
        BoundedBodyReaderTest.Endless endless = new BoundedBodyReaderTest.Endless();
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/webhook") {
            @Override
            public ServletInputStream getInputStream() {
                return new ServletInputStream() {
                    @Override
                    public boolean isFinished() {
                        return false;
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setReadListener(ReadListener listener) {
                    }

                    @Override
                    public int read() {
                        return endless.read();
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        return endless.read(b, off, len);
                    }
                };
            }

            @Override
            public long getContentLengthLong() {
                return -1;
            }
        };

        HttpServletRequest next = filtered(request);

        assertThat(endless.served).isEqualTo(MAX + 1);
        assertThatThrownBy(() -> RawWebhookBodyFilter.bodyOf(next))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> assertThat(e.rejection()).isEqualTo(Rejection.TOO_LARGE));
        assertThat(next.getInputStream().read()).isEqualTo(-1);
    }

    @Test
    void otherRequestsAreLeftAlone() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/health");
        request.setContent("{}".getBytes(StandardCharsets.UTF_8));

        HttpServletRequest next = filtered(request);

        assertThat(RawWebhookBodyFilter.bodyOf(next)).isNull();
        assertThat(next.getContentLength()).isEqualTo(2);
    }
}
