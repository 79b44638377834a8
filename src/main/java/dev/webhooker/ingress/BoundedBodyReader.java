package dev.webhooker.ingress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads a request body up to a byte limit. The limit is counted in bytes while reading, so an
 * oversized body costs at most {@code maxBytes + 1} bytes of memory, whatever Content-Length claims
 * (the original counted UTF-16 characters after reading everything, P12).
 */
public final class BoundedBodyReader {

    private final int maxBytes;

    public BoundedBodyReader(int maxBytes) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive, got " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    public int maxBytes() {
        return maxBytes;
    }

    /**
     * @param declaredLength the Content-Length header, or a negative number when absent (chunked)
     */
    public byte[] read(InputStream in, long declaredLength) {
        if (declaredLength > maxBytes) {
            throw tooLarge();
        }
        if (in == null) {
            return new byte[0];
        }
        int initial = declaredLength > 0 ? (int) declaredLength : 8192;
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(initial, maxBytes));
        byte[] buffer = new byte[8192];
        long total = 0;
        try {
            int n;
            while ((n = in.read(buffer, 0, (int) Math.min(buffer.length, maxBytes + 1L - total))) > 0) {
                total += n;
                if (total > maxBytes) {
                    throw tooLarge();
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the request body failed", e);
        }
        return out.toByteArray();
    }

    private WebhookRejectedException tooLarge() {
        return new WebhookRejectedException(Rejection.TOO_LARGE, "the body limit is " + maxBytes + " bytes");
    }
}
