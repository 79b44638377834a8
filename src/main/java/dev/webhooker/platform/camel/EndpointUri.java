package dev.webhooker.platform.camel;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.net.URLDecoder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A Camel endpoint URI as a route's target writes it ({@code kafka:events?brokers=host:9092}), read without Camel: its
 * scheme, its path, its options as written, which of them are credentials, and the hosts it names. Option values are
 * kept exactly as typed (including {@code RAW(…)}), so a URI whose credentials were sealed and opened again is the
 * string the operator wrote.
 */
final class EndpointUri {

    /** An option whose name holds one of these (case-insensitive) names the hosts its component connects to. */
    private static final Set<String> HOST_OPTIONS = Set.of("servers", "brokers", "brokerurl", "serveruris", "host", "hostname",
            "addresses", "bootstrapservers", "url", "uri", "endpoint", "address");
    /** Parts of an option name that make its value a credential (compared in lower case). */
    static final List<String> CREDENTIAL_WORDS = List.of("password", "passphrase", "passcode", "secret", "token", "accesskey",
            "apikey", "privatekey", "credential", "authorization", "jaas", "username", "userinfo", "nkey", "jwt", "sastoken",
            "connectionstring", "signature");
    private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.-]*");

    private final String scheme;
    private final String path;
    private final List<Option> options;

    /** One {@code name=value} of the query, the value as written (not decoded). */
    record Option(String name, String value) {

        /**
         * Whether the option's value is a credential: its name holds one of {@link #CREDENTIAL_WORDS}
         * ({@code password}, {@code sslKeystorePassword}, {@code accessToken}, {@code secretKey},
         * {@code saslJaasConfig}, {@code userName}…), the options Camel's components take credentials in.
         */
        boolean sensitive() {
            String lower = name.toLowerCase(Locale.ROOT);
            return CREDENTIAL_WORDS.stream().anyMatch(lower::contains);
        }
    }

    private EndpointUri(String scheme, String path, List<Option> options) {
        this.scheme = scheme;
        this.path = path;
        this.options = List.copyOf(options);
    }

    /** The URI's parts; an IllegalArgumentException says what is wrong with its form. */
    static EndpointUri parse(String uri) {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("required: a Camel endpoint URI such as kafka:events?brokers=host:9092");
        }
        if (!uri.equals(uri.strip()) || uri.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("must not have spaces around it or control characters in it");
        }
        int colon = uri.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("has no scheme: write it as scheme:path?options, e.g. nats:events?servers=host:4222");
        }
        String scheme = uri.substring(0, colon);
        if (!SCHEME.matcher(scheme).matches()) {
            throw new IllegalArgumentException("scheme " + scheme + " is not a Camel component name (lower case letters, digits, -)");
        }
        String rest = uri.substring(colon + 1);
        if (rest.startsWith("//")) {
            rest = rest.substring(2);
        }
        int query = rest.indexOf('?');
        String path = query < 0 ? rest : rest.substring(0, query);
        List<Option> options = query < 0 ? List.of() : options(rest.substring(query + 1));
        return new EndpointUri(scheme, path, options);
    }

    String scheme() {
        return scheme;
    }

    String path() {
        return path;
    }

    List<Option> options() {
        return options;
    }

    /** The same URI with another path. */
    EndpointUri withPath(String path) {
        return new EndpointUri(scheme, path, options);
    }

    /** The value of the first option named {@code name}, decoded as Camel decodes it; null when absent. */
    String option(String name) {
        for (Option option : options) {
            if (option.name().equals(name)) {
                return decoded(option.value());
            }
        }
        return null;
    }

    /** Whether any option is a credential. */
    boolean hasCredentials() {
        return options.stream().anyMatch(Option::sensitive);
    }

    /** The URI written back with every credential's value replaced by {@code replace} of it. */
    String withCredentials(UnaryOperator<String> replace) {
        StringBuilder out = new StringBuilder(scheme).append(':').append(path);
        for (int i = 0; i < options.size(); i++) {
            Option option = options.get(i);
            out.append(i == 0 ? '?' : '&').append(option.name());
            if (option.value() != null) {
                out.append('=').append(option.sensitive() ? replace.apply(option.value()) : option.value());
            }
        }
        return out.toString();
    }

    /**
     * The hosts the options name: each comma-separated item of an option named like {@code servers}, {@code brokers},
     * {@code brokerUrl}, {@code host} or {@code url}, as {@code host:port} or {@code scheme://host:port}. A component
     * that takes its connection from the service's own settings (RabbitMQ through {@code SPRING_RABBITMQ_HOST}) names
     * none here.
     */
    Set<String> hosts() {
        Set<String> hosts = new LinkedHashSet<>();
        for (Option option : options) {
            if (option.value() == null || !HOST_OPTIONS.contains(option.name().toLowerCase(Locale.ROOT))) {
                continue;
            }
            for (String item : decoded(option.value()).split(",")) {
                String host = hostOf(item.trim());
                if (host != null) {
                    hosts.add(host);
                }
            }
        }
        return hosts;
    }

    private static String hostOf(String item) {
        if (item.isEmpty()) {
            return null;
        }
        if (!item.contains("://")) {
            item = "tcp://" + item;
        }
        try {
            URI uri = new URI(item);
            if (uri.getHost() != null) {
                return uri.getHost();
            }
            // names with underscores and the like: the authority without user and port
            String authority = uri.getRawAuthority();
            if (authority == null) {
                return null;
            }
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            int port = authority.lastIndexOf(':');
            return port > 0 && !authority.endsWith("]") ? authority.substring(0, port) : authority;
        } catch (URISyntaxException e) {
            return item;
        }
    }

    /** The query split into options; a {@code RAW(…)} or {@code RAW{…}} value keeps any {@code &} inside it. */
    private static List<Option> options(String query) {
        List<Option> options = new ArrayList<>();
        int i = 0;
        while (i < query.length()) {
            int end = i;
            int eq = -1;
            while (end < query.length() && query.charAt(end) != '&') {
                if (query.charAt(end) == '=' && eq < 0) {
                    eq = end;
                    if (query.startsWith("RAW(", end + 1) || query.startsWith("RAW{", end + 1)) {
                        char close = query.charAt(end + 4) == '(' ? ')' : '}';
                        int closing = query.indexOf(close, end + 5);
                        end = closing < 0 ? query.length() : closing + 1;
                        continue;
                    }
                }
                end++;
            }
            String part = query.substring(i, end);
            if (!part.isEmpty()) {
                options.add(eq < 0 ? new Option(part, null) : new Option(query.substring(i, eq), query.substring(eq + 1, end)));
            }
            i = end + 1;
        }
        return options;
    }

    private static String decoded(String value) {
        if (value == null) {
            return null;
        }
        if ((value.startsWith("RAW(") && value.endsWith(")")) || (value.startsWith("RAW{") && value.endsWith("}"))) {
            return value.substring(4, value.length() - 1);
        }
        try {
            return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return value;
        }
    }
}
