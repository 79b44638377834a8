package dev.webhooker.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.security.web.util.matcher.IpAddressMatcher;

/**
 * {@code TRUSTED_PROXIES}: the addresses and CIDR ranges of the proxies in front of the service, whose
 * {@code X-Forwarded-For} and {@code X-Forwarded-Proto} are believed. The client is the rightmost address of
 * {@code X-Forwarded-For} that is not a trusted proxy (each proxy appends the address it was reached from, so
 * what lies left of an untrusted hop may have been written by anyone).
 */
public final class TrustedProxies {

    /** An IPv4 or IPv6 literal: anything else would make the matcher look a host name up. */
    private static final Pattern LITERAL = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*");

    private final List<IpAddressMatcher> ranges;

    private TrustedProxies(List<IpAddressMatcher> ranges) {
        this.ranges = ranges;
    }

    /** Parses the comma-separated {@code list}; blank is none. Throws IllegalArgumentException naming a malformed entry. */
    public static TrustedProxies parse(String list) {
        List<IpAddressMatcher> ranges = new ArrayList<>();
        if (list != null) {
            for (String raw : list.split(",")) {
                String entry = raw.trim();
                if (entry.isEmpty()) {
                    continue;
                }
                ranges.add(range(entry));
            }
        }
        return new TrustedProxies(List.copyOf(ranges));
    }

    /** Whether {@code entry} is an address or a CIDR range. */
    public static boolean isRange(String entry) {
        try {
            range(entry.trim());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static IpAddressMatcher range(String entry) {
        int slash = entry.indexOf('/');
        String address = slash < 0 ? entry : entry.substring(0, slash);
        if (!LITERAL.matcher(address).matches()) {
            throw new IllegalArgumentException(entry + " is not an IP address or a CIDR range");
        }
        try {
            return new IpAddressMatcher(entry);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(entry + " is not an IP address or a CIDR range");
        }
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Whether {@code address} (an IP literal; anything else is not) is one of the proxies. */
    public boolean trusts(String address) {
        if (address == null || !LITERAL.matcher(address).matches()) {
            return false;
        }
        for (IpAddressMatcher range : ranges) {
            if (range.matches(address)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client's address for a connection from {@code peer} carrying {@code forwardedFor} (the hops of every
     * X-Forwarded-For header, in order): {@code peer} itself unless it is a trusted proxy; else the rightmost hop
     * that is not one (or the leftmost, when all are), stopping at a hop that is not an IP address.
     */
    public String client(String peer, List<String> forwardedFor) {
        if (!trusts(peer)) {
            return peer;
        }
        String client = peer;
        for (int i = forwardedFor.size() - 1; i >= 0; i--) {
            String hop = forwardedFor.get(i).trim();
            if (hop.startsWith("[") && hop.endsWith("]")) {
                hop = hop.substring(1, hop.length() - 1);
            }
            if (!LITERAL.matcher(hop).matches()) {
                break;
            }
            client = hop;
            if (!trusts(hop)) {
                break;
            }
        }
        return client;
    }
}
