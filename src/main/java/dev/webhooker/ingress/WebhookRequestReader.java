package dev.webhooker.ingress;

import java.io.InputStream;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

/**
 * Step "read" (Camel side): takes the headers, the {@code groupId} path parameter and the body, which
 * {@link RawWebhookBodyFilter} has already read through {@link BoundedBodyReader} (so no more than the
 * limit is ever held in memory); a body it did not read is read here from the message, the same way.
 */
public final class WebhookRequestReader {

    /** Path parameter of {@code /webhook/{groupId}}; absent on the global endpoint. */
    static final String GROUP_ID = "groupId";

    private final BoundedBodyReader reader;

    public WebhookRequestReader(BoundedBodyReader reader) {
        this.reader = reader;
    }

    public ReceivedWebhook read(Exchange exchange) {
        Message in = exchange.getIn();
        Map<String, Object> headers = in.getHeaders();
        String groupId = in.getHeader(GROUP_ID, String.class);
        WebhookHeaders webhookHeaders = WebhookHeaders.of(headers);
        HttpServletRequest request = in.getHeader(Exchange.HTTP_SERVLET_REQUEST, HttpServletRequest.class);
        byte[] body = request == null ? null : RawWebhookBodyFilter.bodyOf(request);
        if (body == null) {
            body = readFromMessage(in, webhookHeaders);
        }
        String contentType = webhookHeaders.get(RawWebhookBodyFilter.ORIGINAL_CONTENT_TYPE);
        return new ReceivedWebhook(groupId, webhookHeaders, body,
                contentType != null ? contentType : webhookHeaders.get("Content-Type"));
    }

    /** Without the servlet filter (another HTTP engine): the body as a stream, read through the same limit. */
    private byte[] readFromMessage(Message in, WebhookHeaders webhookHeaders) {
        long declared = parseLength(webhookHeaders.get("Content-Length"));
        // fail on the declared length before Camel is asked to open the body at all
        if (declared > reader.maxBytes()) {
            reader.read(null, declared);
        }
        return reader.read(in.getBody(InputStream.class), declared);
    }

    private static long parseLength(String value) {
        if (value == null) {
            return -1;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
