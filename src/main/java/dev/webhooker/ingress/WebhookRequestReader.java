package dev.webhooker.ingress;

import java.io.InputStream;
import java.util.Map;

import org.apache.camel.Exchange;
import org.apache.camel.Message;

/**
 * Step "read" (Camel side): takes the headers, the {@code groupId} path parameter and the body as a
 * stream, read through {@link BoundedBodyReader} so no more than the limit is ever held in memory.
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
        long declared = parseLength(webhookHeaders.get("Content-Length"));
        // fail on the declared length before Camel is asked to open the body at all
        if (declared > reader.maxBytes()) {
            reader.read(null, declared);
        }
        byte[] body = reader.read(in.getBody(InputStream.class), declared);
        String contentType = webhookHeaders.get(RawWebhookBodyFilter.ORIGINAL_CONTENT_TYPE);
        return new ReceivedWebhook(groupId, webhookHeaders, body,
                contentType != null ? contentType : webhookHeaders.get("Content-Type"));
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
