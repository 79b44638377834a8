package dev.webhooker.routing;

/**
 * A deployment's rule about which targets may be written at all, beyond the rules of their values: a setting of the
 * operator's (which Camel components a route may name, say). {@link ConfigValidator} asks it wherever configuration is
 * written, so a target it refuses never becomes part of the configuration; the platform asks it again before a send,
 * since the setting may have changed since the target was written.
 */
@FunctionalInterface
public interface TargetPolicy {

    /** Every deployment's: nothing beyond the values' rules. */
    TargetPolicy NONE = (target, problems) -> { };

    /** Reports to {@code problems} why {@code target} may not be written here, if it may not. */
    void check(Target target, TargetProblems problems);
}
