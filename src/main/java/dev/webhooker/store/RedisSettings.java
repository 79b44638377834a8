package dev.webhooker.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import dev.webhooker.config.InvalidSettingException;

/**
 * What {@code REDIS_URL} says: {@code redis://[user][:password@]host[:port][/db]}, or {@code rediss://} for
 * TLS. As in Spring Boot and most clients, user info without a colon is a password (Redis before ACLs
 * had only passwords). Reserved characters in user or password must be percent-encoded.
 */
record RedisSettings(String host, int port, int database, String username, String password, boolean ssl) {

    public static final int DEFAULT_PORT = 6379;
    private static final String SETTING = "REDIS_URL";

    public static RedisSettings parse(String url) {
        if (url == null || url.isBlank()) {
            throw invalid("is empty");
        }
        String value = url.trim();
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw invalid("not a valid URL (percent-encode special characters in the password): " + redact(value));
        }
        String scheme = uri.getScheme();
        if (!"redis".equalsIgnoreCase(scheme) && !"rediss".equalsIgnoreCase(scheme)) {
            throw invalid("must start with redis:// or rediss://, got '" + redact(value) + "'");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw invalid("takes no query or fragment, got '" + redact(value) + "'");
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw invalid("needs a host, e.g. redis://localhost:6379/0, got '" + redact(value) + "'");
        }
        // parsed by hand: java.net.URI rejects host names with '_' (common for container names)
        int at = authority.lastIndexOf('@');
        String userInfo = at >= 0 ? authority.substring(0, at) : null;
        String hostPort = authority.substring(at + 1);
        String host;
        String portText = null;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw invalid("unclosed IPv6 address in '" + redact(value) + "'");
            }
            host = hostPort.substring(1, close);
            String rest = hostPort.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw invalid("unexpected text after the IPv6 address in '" + redact(value) + "'");
                }
                portText = rest.substring(1);
            }
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon >= 0 ? hostPort.substring(0, colon) : hostPort;
            portText = colon >= 0 ? hostPort.substring(colon + 1) : null;
            if (!host.matches("[A-Za-z0-9._-]+")) {
                throw invalid("'" + host + "' is not a host name or address");
            }
        }
        if (host.isEmpty()) {
            throw invalid("needs a host, e.g. redis://localhost:6379/0, got '" + redact(value) + "'");
        }
        return new RedisSettings(host, port(portText), database(uri.getRawPath()), username(userInfo),
                password(userInfo), "rediss".equalsIgnoreCase(scheme));
    }

    private static int port(String text) {
        if (text == null || text.isEmpty()) {
            return DEFAULT_PORT;
        }
        if (!text.matches("\\d{1,5}") || Integer.parseInt(text) < 1 || Integer.parseInt(text) > 65535) {
            throw invalid("port must be a number between 1 and 65535, got '" + text + "'");
        }
        return Integer.parseInt(text);
    }

    private static int database(String path) {
        if (path == null || path.isEmpty() || path.equals("/")) {
            return 0;
        }
        String db = path.substring(1);
        if (!db.matches("\\d{1,4}")) {
            throw invalid("the path must be a database number, e.g. /0, got '" + path + "'");
        }
        return Integer.parseInt(db);
    }

    private static String username(String info) {
        if (info == null || !info.contains(":")) {
            return null;
        }
        String user = decode(info.substring(0, info.indexOf(':')));
        return user.isEmpty() ? null : user;
    }

    private static String password(String info) {
        if (info == null) {
            return null;
        }
        String password = decode(info.contains(":") ? info.substring(info.indexOf(':') + 1) : info);
        return password.isEmpty() ? null : password;
    }

    private static String decode(String raw) {
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid("user or password has a broken percent-encoding");
        }
    }

    /** Never prints a password back into a log line. */
    static String redact(String value) {
        return value.replaceAll("//[^@/]*@", "//***@");
    }

    private static InvalidSettingException invalid(String problem) {
        return new InvalidSettingException(SETTING, problem);
    }

    @Override
    public String toString() {
        return (ssl ? "rediss://" : "redis://") + (password != null ? "***@" : "") + host + ":" + port + "/" + database;
    }
}
