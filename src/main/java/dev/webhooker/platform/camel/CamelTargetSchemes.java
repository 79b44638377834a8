package dev.webhooker.platform.camel;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetPolicy;
import dev.webhooker.routing.TargetProblems;

/**
 * Which Camel components a camel target may name: the operator's CAMEL_TARGET_SCHEMES, none by default, so a group
 * admin cannot reach a system the operator did not mean to open. Checked wherever configuration is written (a
 * refused target never becomes part of it) and again before each send (the setting may have shrunk since).
 *
 * <p>Some schemes are never allowed, whatever the setting says: those that reach inside this service (in-process
 * routing, beans, webhooker's own platform components) rather than a system outside it, and HTTP, which a
 * {@code webhook} target sends to behind the address guard, signed.
 */
final class CamelTargetSchemes implements TargetPolicy {

    static final String SETTING = "CAMEL_TARGET_SCHEMES";

    /** In-process and local-system components, and webhooker's own (each platform's and the queue's). */
    static final Set<String> NEVER = Set.of("direct", "seda", "vm", "disruptor", "bean", "class", "ref", "controlbus",
            "language", "exec", "file", "stub", "log", "sql", "jdbc", "platform-http", "rest", "timer", "scheduler", "quartz",
            "http", "https", "delivery-queue", "camel-target", "discord", "telegram", "slack", "teams", "webhook");
    private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.-]*");

    private final Set<String> allowed;

    private CamelTargetSchemes(Set<String> allowed) {
        this.allowed = Set.copyOf(allowed);
    }

    /** The allow-list in {@code setting}; an entry that is not a scheme, or is one never allowed, is refused. */
    public static CamelTargetSchemes parse(String setting) {
        Set<String> allowed = new LinkedHashSet<>();
        if (setting != null) {
            for (String raw : setting.split(",")) {
                String scheme = raw.trim().toLowerCase(Locale.ROOT);
                if (scheme.isEmpty()) {
                    continue;
                }
                if (!SCHEME.matcher(scheme).matches()) {
                    throw new IllegalArgumentException(raw.trim() + " is not a Camel component name");
                }
                if (NEVER.contains(scheme)) {
                    throw new IllegalArgumentException(scheme + " reaches inside this service or is sent by a platform of its"
                            + " own, so it is never a camel target");
                }
                allowed.add(scheme);
            }
        }
        return new CamelTargetSchemes(allowed);
    }

    public Set<String> allowed() {
        return allowed;
    }

    /** Why a target naming {@code scheme} may not be sent to here, or null when it may. */
    String problem(String scheme) {
        if (allowed.contains(scheme)) {
            return null;
        }
        return "the Camel component " + scheme + " is not allowed here (" + SETTING + " "
                + (allowed.isEmpty() ? "is empty" : "allows " + String.join(", ", allowed.stream().sorted().toList())) + ")";
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        if (!(target instanceof CamelTarget camel)) {
            return;
        }
        String scheme;
        try {
            scheme = EndpointUri.parse(camel.uri()).scheme();
        } catch (IllegalArgumentException e) {
            // the URI's own rules report it
            return;
        }
        String problem = problem(scheme);
        if (problem != null) {
            problems.add("uri", problem);
        }
    }

    @Override
    public String toString() {
        return SETTING + "=" + String.join(",", allowed);
    }
}
