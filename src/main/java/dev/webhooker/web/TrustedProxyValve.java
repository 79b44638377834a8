package dev.webhooker.web;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.ServletException;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Takes the client's address and scheme from {@code X-Forwarded-For} and {@code X-Forwarded-Proto} when, and only
 * when, the connection comes from one of {@link TrustedProxies}; every other request keeps the connection's. Set
 * before any filter runs, so the audit log, the sign-in rate limit and every other reader of the client address
 * see the same one.
 */
final class TrustedProxyValve extends ValveBase {

    private final TrustedProxies proxies;

    TrustedProxyValve(TrustedProxies proxies) {
        super(true);
        this.proxies = proxies;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        String peer = request.getRemoteAddr();
        if (!proxies.trusts(peer)) {
            getNext().invoke(request, response);
            return;
        }
        String remoteHost = request.getRemoteHost();
        boolean secure = request.isSecure();
        String scheme = request.getScheme();
        String client = proxies.client(peer, hops(request.getHeaders("X-Forwarded-For")));
        request.setRemoteAddr(client);
        request.setRemoteHost(client);
        List<String> protos = hops(request.getHeaders("X-Forwarded-Proto"));
        String proto = protos.isEmpty() ? null : protos.get(protos.size() - 1).trim();
        if ("https".equalsIgnoreCase(proto) || "http".equalsIgnoreCase(proto)) {
            request.setSecure("https".equalsIgnoreCase(proto));
            request.getCoyoteRequest().scheme().setString(proto.toLowerCase(java.util.Locale.ROOT));
        }
        try {
            getNext().invoke(request, response);
        } finally {
            request.setRemoteAddr(peer);
            request.setRemoteHost(remoteHost);
            request.setSecure(secure);
            request.getCoyoteRequest().scheme().setString(scheme);
        }
    }

    /** The comma-separated values of every header of the name, in order. */
    private static List<String> hops(Enumeration<String> headers) {
        List<String> hops = new ArrayList<>();
        while (headers != null && headers.hasMoreElements()) {
            for (String hop : headers.nextElement().split(",")) {
                if (!hop.isBlank()) {
                    hops.add(hop.trim());
                }
            }
        }
        return hops;
    }
}
