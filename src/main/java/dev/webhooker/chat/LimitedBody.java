package dev.webhooker.chat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

/** The body of a chat platform's request, at most 1 MiB; empty when it is larger. */
public final class LimitedBody {

    public static final int MAX_BYTES = 1024 * 1024;

    private LimitedBody() {
    }

    public static Optional<byte[]> read(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > MAX_BYTES) {
            return Optional.empty();
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BYTES + 1);
        }
        return body.length > MAX_BYTES ? Optional.empty() : Optional.of(body);
    }
}
