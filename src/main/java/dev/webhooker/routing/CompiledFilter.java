package dev.webhooker.routing;

import java.util.List;
import java.util.Optional;

/**
 * A filter with its patterns compiled: the OR of its patterns, negated by {@code exclude}. For the five
 * field types an event without the value fails the filter even when it excludes (the missing-value rule:
 * {@code actor: bot, exclude: true} does not pass an event that has no sender). A label filter matches when any
 * pattern matches any label; with {@code exclude} it passes when none does; an event without labels fails it.
 */
final class CompiledFilter {

    private final FilterType type;
    private final List<MatchPattern> patterns;
    private final List<String> written;
    private final boolean exclude;

    private CompiledFilter(FilterType type, List<MatchPattern> patterns, List<String> written, boolean exclude) {
        this.type = type;
        this.patterns = patterns;
        this.written = written;
        this.exclude = exclude;
    }

    /** Empty for a filter of unknown type: such a filter is false. */
    static Optional<CompiledFilter> compile(Filter filter) {
        return FilterType.fromWire(filter.type()).map(type -> new CompiledFilter(
                type,
                filter.match().stream()
                        .map(p -> type.isKeyword() ? MatchPattern.forKeyword(p) : MatchPattern.forField(p))
                        .toList(),
                filter.match(),
                filter.exclude()));
    }

    boolean test(EventValues values) {
        List<String> tested = values.all(type);
        if (tested.isEmpty()) {
            return false;
        }
        boolean anyMatches = tested.stream().anyMatch(v -> patterns.stream().anyMatch(p -> p.matches(v)));
        return exclude != anyMatches;
    }

    /**
     * Why this filter is false for {@code values}, e.g. {@code filter event [push] refuses "issues"}. A keyword
     * filter never quotes the payload (it would put message bodies in the log).
     */
    String whyNot(EventValues values) {
        String filter = "filter " + type.wireName() + (exclude ? " (exclude) " : " ") + written.stream()
                .map(ConfigError::quote).toList();
        List<String> tested = values.all(type);
        if (tested.isEmpty()) {
            return filter + ": the event has no " + type.wireName();
        }
        if (type.isKeyword()) {
            return filter + (exclude ? ": found in the payload" : ": not found in the payload");
        }
        return filter + " refuses " + String.join(", ", tested.stream().map(ConfigError::quote).toList());
    }
}
