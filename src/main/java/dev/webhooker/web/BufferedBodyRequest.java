package dev.webhooker.web;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.FormHttpMessageConverter;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * A request whose body {@link RequestBodyFilter} has read: its stream and reader give those bytes, and the
 * parameters of a POSTed form are taken from them (the container can no longer parse the body itself once its
 * stream was read); the query string's come first, as the servlet specification orders them.
 */
final class BufferedBodyRequest extends HttpServletRequestWrapper {

    private final byte[] body;
    /** Cleared once this pass goes asynchronous: the dispatch that ends it is the container's own. */
    private volatile boolean resumed;
    private ServletInputStream stream;
    private BufferedReader reader;
    private Map<String, String[]> parameters;

    /** @param resumed whether this is the dispatch that resumed the request once its body arrived */
    BufferedBodyRequest(HttpServletRequest request, byte[] body, boolean resumed) {
        super(request);
        this.body = body;
        this.resumed = resumed;
    }

    /**
     * The resuming dispatch is the request's one pass through everything after {@link RequestBodyFilter}. A handler
     * that answers asynchronously (a Camel platform-http route does) starts asynchronous mode again on this pass, and
     * the container dispatches the request once more to finish it: that dispatch is an asynchronous one, to the
     * filters ({@link RequestBodyFilter} passes it on as it is) and to Spring MVC alike.
     */
    @Override
    public DispatcherType getDispatcherType() {
        return resumed ? DispatcherType.REQUEST : super.getDispatcherType();
    }

    @Override
    public AsyncContext startAsync() {
        resumed = false;
        return super.startAsync();
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
        resumed = false;
        return super.startAsync(request, response);
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }

    @Override
    public ServletInputStream getInputStream() {
        if (reader != null) {
            throw new IllegalStateException("getReader() was called already");
        }
        if (stream == null) {
            stream = new BytesInput(body);
        }
        return stream;
    }

    @Override
    public BufferedReader getReader() {
        if (stream != null) {
            throw new IllegalStateException("getInputStream() was called already");
        }
        if (reader == null) {
            reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), charset()));
        }
        return reader;
    }

    private Charset charset() {
        String encoding = getCharacterEncoding();
        try {
            return encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }

    private Map<String, String[]> parameters() {
        if (parameters == null) {
            Map<String, String[]> all = new LinkedHashMap<>(super.getParameterMap());
            if (isPostedForm()) {
                for (Map.Entry<String, List<String>> field : form().entrySet()) {
                    String[] before = all.getOrDefault(field.getKey(), new String[0]);
                    String[] values = new String[before.length + field.getValue().size()];
                    System.arraycopy(before, 0, values, 0, before.length);
                    for (int i = 0; i < field.getValue().size(); i++) {
                        values[before.length + i] = field.getValue().get(i);
                    }
                    all.put(field.getKey(), values);
                }
            }
            parameters = Collections.unmodifiableMap(all);
        }
        return parameters;
    }

    private boolean isPostedForm() {
        if (!"POST".equals(getMethod()) || getContentType() == null) {
            return false;
        }
        try {
            return MediaType.APPLICATION_FORM_URLENCODED.includes(MediaType.parseMediaType(getContentType()));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The form's fields; a body that is not a well-formed form gives none. */
    private MultiValueMap<String, String> form() {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.parseMediaType(getContentType()));
        HttpInputMessage message = new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return headers;
            }
        };
        try {
            return new FormHttpMessageConverter().read(null, message);
        } catch (IOException | IllegalArgumentException e) {
            return new LinkedMultiValueMap<>();
        }
    }

    /** The bytes as a stream that never waits. */
    private static final class BytesInput extends ServletInputStream {

        private final ByteArrayInputStream in;

        BytesInput(byte[] body) {
            this.in = new ByteArrayInputStream(body);
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            return in.read(buffer, offset, length);
        }

        @Override
        public int available() {
            return in.available();
        }

        @Override
        public boolean isFinished() {
            return in.available() == 0;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            try {
                if (isFinished()) {
                    listener.onAllDataRead();
                } else {
                    listener.onDataAvailable();
                }
            } catch (IOException e) {
                listener.onError(e);
            }
        }
    }
}
