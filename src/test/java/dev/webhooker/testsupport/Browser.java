package dev.webhooker.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A browser as far as sign-in is concerned: keeps the cookies the service sets (honouring Max-Age=0 and
 * each cookie's path), sends Accept: text/html, follows no redirects, and sends this service's Origin on
 * writes unless told otherwise.
 */
public final class Browser {

    private final String base;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final Map<String, String[]> cookies = new LinkedHashMap<>();

    public Browser(int port) {
        this.base = "http://localhost:" + port;
    }

    public String origin() {
        return base;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET().header("Accept", "text/html,application/xhtml+xml"), path);
    }

    public HttpResponse<String> getJson(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET().header("Accept", "application/json"), path);
    }

    public HttpResponse<String> post(String path, String form, String origin) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "text/html");
        if (origin != null) {
            request.header("Origin", origin);
        }
        return send(request, path);
    }

    /** A JSON request as the console's fetch makes it: this service's Origin, unless {@code origin} says otherwise. */
    public HttpResponse<String> json(String method, String path, String body, String origin) {
        return json(method, path, body, origin, null);
    }

    /** The same with an {@code If-Match} header (when not null). */
    public HttpResponse<String> json(String method, String path, String body, String origin, String ifMatch) {
        return json(method, path, body, origin, ifMatch, "application/json");
    }

    /** A JSON request as the console's fetch makes it, asking for errors as RFC 9457 problem details. */
    public HttpResponse<String> problemJson(String method, String path, String body) {
        return json(method, path, body, base, null, "application/problem+json, application/json");
    }

    private HttpResponse<String> json(String method, String path, String body, String origin, String ifMatch, String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .header("Accept", accept);
        if (origin != null) {
            request.header("Origin", origin);
        }
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return send(request, path);
    }

    public HttpResponse<String> json(String method, String path, String body) {
        return json(method, path, body, base);
    }

    public HttpResponse<String> delete(String path, String origin) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).DELETE().header("Accept", "application/json");
        if (origin != null) {
            request.header("Origin", origin);
        }
        return send(request, path);
    }

    public String cookie(String name) {
        String[] cookie = cookies.get(name);
        return cookie == null ? null : cookie[0];
    }

    public void setCookie(String name, String value) {
        cookies.put(name, new String[] {value, "/"});
    }

    private HttpResponse<String> send(HttpRequest.Builder request, String path) {
        String cookieHeader = cookies.entrySet().stream()
                .filter(e -> path.startsWith(e.getValue()[1]))
                .map(e -> e.getKey() + "=" + e.getValue()[0])
                .collect(Collectors.joining("; "));
        if (!cookieHeader.isEmpty()) {
            request.header("Cookie", cookieHeader);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (String setCookie : response.headers().allValues("Set-Cookie")) {
                remember(setCookie);
            }
            return response;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void remember(String setCookie) {
        List<String> parts = List.of(setCookie.split(";\\s*"));
        String[] nameValue = parts.get(0).split("=", 2);
        String cookiePath = "/";
        boolean expired = false;
        for (String attribute : parts.subList(1, parts.size())) {
            if (attribute.regionMatches(true, 0, "Path=", 0, 5)) {
                cookiePath = attribute.substring(5);
            } else if (attribute.equalsIgnoreCase("Max-Age=0")) {
                expired = true;
            }
        }
        if (expired || nameValue[1].isEmpty()) {
            cookies.remove(nameValue[0]);
        } else {
            cookies.put(nameValue[0], new String[] {nameValue[1], cookiePath});
        }
    }
}
