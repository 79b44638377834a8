package dev.webhooker.ingress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

import dev.webhooker.web.RequestGuardFilter;

/**
 * Reads a request body up to a byte limit. The limit is counted in bytes while reading, so an
 * oversized body costs at most {@code maxBytes + 1} bytes of memory, whatever Content-Length claims
 * (the original counted UTF-16 characters after reading everything).
 */
final class BoundedBodyReader {

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
        try {
            return declaredLength > 0 ? readDeclared(in, (int) declaredLength) : readRest(in, new byte[0]);
        } catch (RequestGuardFilter.BodyTooLargeException e) {
            throw tooLarge();
        } catch (IOException e) {
            throw new UncheckedIOException("reading the request body failed", e);
        }
    }

    /** The usual case, a declared length: one array of that size and no copy when the body matches it. */
    private byte[] readDeclared(InputStream in, int length) throws IOException {
        byte[] body = new byte[length];
        int read = 0;
        int n;
        while (read < length && (n = in.read(body, read, length - read)) > 0) {
            read += n;
        }
        if (read < length) {
            return Arrays.copyOf(body, read);
        }
        int next = in.read();
        if (next < 0) {
            return body;
        }
        // more than declared: counted against the limit like any other body
        byte[] head = Arrays.copyOf(body, length + 1);
        head[length] = (byte) next;
        return readRest(in, head);
    }

    /** Reads what is left after {@code head}, refusing the body once it passes the limit. */
    private byte[] readRest(InputStream in, byte[] head) throws IOException {
        if (head.length > maxBytes) {
            throw tooLarge();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(head.length, 8192));
        out.write(head);
        byte[] buffer = new byte[8192];
        long total = head.length;
        int n;
        while ((n = in.read(buffer, 0, (int) Math.min(buffer.length, maxBytes + 1L - total))) > 0) {
            total += n;
            if (total > maxBytes) {
                throw tooLarge();
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /**
     * A body collected piece by piece as it arrives (non-blocking reads): the same limit, counted the same
     * way. Throws the 413 rejection at once for a declared length over the limit.
     */
    public Collector collector(long declaredLength) {
        if (declaredLength > maxBytes) {
            throw tooLarge();
        }
        return new Collector(declaredLength > 0 ? (int) declaredLength : 8192);
    }

    /** One body in progress; not thread-safe (the container calls its read listener one call at a time). */
    public final class Collector {

        private final ByteArrayOutputStream out;

        private Collector(int expected) {
            out = new ByteArrayOutputStream(expected);
        }

        /** Adds {@code n} bytes of {@code buffer}; throws the 413 rejection once the body passes the limit. */
        public void add(byte[] buffer, int n) {
            if ((long) out.size() + n > maxBytes) {
                throw tooLarge();
            }
            out.write(buffer, 0, n);
        }

        public int size() {
            return out.size();
        }

        public byte[] bytes() {
            return out.toByteArray();
        }
    }

    WebhookRejectedException tooLarge() {
        return new WebhookRejectedException(Rejection.TOO_LARGE, "the body limit is " + maxBytes + " bytes");
    }
}
