package dev.webhooker.platform.webhook;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.springframework.security.web.util.matcher.IpAddressMatcher;

/**
 * Where a webhook target may be sent (SSRF guard): http or https only, and by default no address a webhook sender
 * has no business reaching — loopback, link-local (with the cloud metadata address 169.254.169.254), private,
 * shared (100.64.0.0/10), unique-local (fc00::/7, with fd00:ec2::254), multicast and reserved ranges, also when an
 * IPv6 address carries one of them inside. The host is resolved once and every address it resolves to must pass; the
 * caller connects to the first of them ({@link Decision#address()}), so a second lookup cannot swap in another one.
 * <p>
 * {@code WEBHOOK_TARGET_ALLOW} lets an operator reach internal services: a comma-separated list of host names
 * (allowed whatever they resolve to), addresses and CIDR ranges.
 */
public final class TargetAddressGuard {

    /** Resolves a host name; the JDK's resolver in production. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** {@code address} to connect to, or why not: {@code refusal} (never allowed) or {@code unresolved} (try later). */
    public record Decision(InetAddress address, String refusal, String unresolved) {
        public boolean allowed() {
            return address != null;
        }
    }

    private static final List<IpAddressMatcher> BLOCKED = Stream.of(
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
            "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4",
            "240.0.0.0/4", "::/128", "::1/128", "fe80::/10", "fc00::/7", "ff00::/8", "2001:db8::/32")
            .map(IpAddressMatcher::new).toList();
    private static final Pattern HOST_NAME = Pattern.compile("(?=.*[a-z])[a-z0-9.-]+");

    private final Set<String> allowedHosts;
    private final List<IpAddressMatcher> allowedAddresses;
    private final Resolver resolver;

    private TargetAddressGuard(Set<String> allowedHosts, List<IpAddressMatcher> allowedAddresses, Resolver resolver) {
        this.allowedHosts = allowedHosts;
        this.allowedAddresses = allowedAddresses;
        this.resolver = resolver;
    }

    /** The guard for {@code WEBHOOK_TARGET_ALLOW}; an entry that is neither a host name, an address nor a CIDR is refused. */
    public static TargetAddressGuard allowing(String allowList, Resolver resolver) {
        Set<String> hosts = new HashSet<>();
        List<IpAddressMatcher> addresses = new ArrayList<>();
        if (allowList != null) {
            for (String raw : allowList.split(",")) {
                String entry = raw.trim().toLowerCase(Locale.ROOT);
                if (entry.isEmpty()) {
                    continue;
                }
                if (HOST_NAME.matcher(entry).matches()) {
                    hosts.add(entry);
                } else {
                    try {
                        addresses.add(new IpAddressMatcher(entry));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("WEBHOOK_TARGET_ALLOW: " + raw.trim()
                                + " is not a host name, an address or a CIDR range");
                    }
                }
            }
        }
        return new TargetAddressGuard(Set.copyOf(hosts), List.copyOf(addresses), resolver);
    }

    public Decision check(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return refused("only http and https URLs are sent to");
        }
        String host = url.getHost();
        if (host == null || host.isEmpty()) {
            return refused("the URL has no host");
        }
        return checkHost(host);
    }

    /**
     * Whether {@code host} (a name or an address literal, IPv6 with or without brackets) may be reached, whatever the
     * protocol: for targets that connect through a client of their own (a message broker's), which connects to the
     * name itself rather than to {@link Decision#address()}.
     */
    public Decision checkHost(String host) {
        if (host == null || host.isBlank()) {
            return refused("no host");
        }
        host = host.trim().toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return new Decision(null, null, "the host " + host + " does not resolve");
        }
        if (addresses == null || addresses.length == 0) {
            return new Decision(null, null, "the host " + host + " does not resolve");
        }
        if (!allowedHosts.contains(host)) {
            for (InetAddress address : addresses) {
                String why = blocked(address);
                if (why != null) {
                    return refused(host + " resolves to " + literal(address) + ", " + why
                            + " (WEBHOOK_TARGET_ALLOW can allow it)");
                }
            }
        }
        return new Decision(addresses[0], null, null);
    }

    /** Why {@code address} is not reached, or null when it may be. */
    private String blocked(InetAddress address) {
        String literal = literal(address);
        if (allowedAddresses.stream().anyMatch(m -> m.matches(literal))) {
            return null;
        }
        if (BLOCKED.stream().anyMatch(m -> m.matches(literal))) {
            return "a loopback, private, link-local or reserved address";
        }
        InetAddress embedded = embeddedIpv4(address);
        if (embedded != null) {
            String inner = blocked(embedded);
            return inner == null ? null : "which carries " + literal(embedded) + ", " + inner;
        }
        return null;
    }

    /** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::/96) IPv6 address. */
    private static InetAddress embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return null;
        }
        byte[] b = address.getAddress();
        boolean zeroPrefix = Arrays.equals(Arrays.copyOfRange(b, 0, 10), new byte[10]);
        boolean mapped = zeroPrefix && (b[10] == (byte) 0xff && b[11] == (byte) 0xff || b[10] == 0 && b[11] == 0);
        boolean nat64 = b[0] == 0 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b
                && Arrays.equals(Arrays.copyOfRange(b, 4, 12), new byte[8]);
        if (!mapped && !nat64) {
            return null;
        }
        try {
            return InetAddress.getByAddress(Arrays.copyOfRange(b, 12, 16));
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static String literal(InetAddress address) {
        String text = address.getHostAddress();
        int scope = text.indexOf('%');
        return scope < 0 ? text : text.substring(0, scope);
    }

    private static Decision refused(String why) {
        return new Decision(null, why, null);
    }
}
