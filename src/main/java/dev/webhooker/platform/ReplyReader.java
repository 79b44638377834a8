package dev.webhooker.platform;

import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.apache.hc.client5.http.async.methods.AbstractCharResponseConsumer;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;

/**
 * Reads an answer as it arrives: the status, the headers, and the first {@code keptChars} characters of the body
 * (UTF-8 unless the answer names its charset). The rest of a longer body is read and dropped, so the connection can
 * serve the next call and a large answer costs no memory.
 */
final class ReplyReader extends AbstractCharResponseConsumer<OutboundHttp.Reply> {

    private final int keptChars;
    private final Runnable headArrived;
    private final StringBuilder text = new StringBuilder();
    private final Map<String, String> headers = new HashMap<>();
    private int status;

    /** {@code headArrived} runs when the status and headers are in, before any of the body. */
    ReplyReader(int keptChars, Runnable headArrived) {
        this.keptChars = keptChars;
        this.headArrived = headArrived;
    }

    @Override
    protected void start(HttpResponse response, ContentType contentType) {
        status = response.getCode();
        for (Header header : response.getHeaders()) {
            headers.putIfAbsent(header.getName().toLowerCase(Locale.ROOT), header.getValue());
        }
        setCharset(contentType == null || contentType.getCharset() == null ? StandardCharsets.UTF_8 : contentType.getCharset());
        headArrived.run();
    }

    @Override
    protected int capacityIncrement() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected void data(CharBuffer chunk, boolean endOfStream) {
        int room = keptChars - text.length();
        if (room > 0) {
            text.append(chunk, 0, Math.min(room, chunk.remaining()));
        }
        chunk.position(chunk.limit());
    }

    @Override
    protected OutboundHttp.Reply buildResult() {
        return new OutboundHttp.Reply(status, Map.copyOf(headers), text.toString());
    }

    @Override
    public void releaseResources() {
        // nothing held beyond the kept text
    }
}
