package dev.webhooker.routing;

import java.util.List;
import java.util.Optional;

/**
 * A filter with its patterns compiled: the OR of its patterns, negated by {@code exclude}. For the five
 * field types an event without the value fails the filter even when it excludes (the missing-value rule:
 * {@code actor: bot, exclude: true} does not pass an event that has no sender).
 */
final class CompiledFilter {

    private final FilterType type;
    private final List<MatchPattern> patterns;
    private final boolean exclude;

    private CompiledFilter(FilterType type, List<MatchPattern> patterns, boolean exclude) {
        this.type = type;
        this.patterns = patterns;
        this.exclude = exclude;
    }

    /** Empty for a filter of unknown type: such a filter is false. */
    static Optional<CompiledFilter> compile(Filter filter) {
        return FilterType.fromWire(filter.type()).map(type -> new CompiledFilter(
                type,
                filter.match().stream()
                        .map(p -> type.isKeyword() ? MatchPattern.forKeyword(p) : MatchPattern.forField(p))
                        .toList(),
                filter.exclude()));
    }

    boolean test(EventValues values) {
        Optional<String> value = values.of(type);
        if (value.isEmpty()) {
            return false;
        }
        String v = value.get();
        boolean anyMatches = patterns.stream().anyMatch(p -> p.matches(v));
        return exclude != anyMatches;
    }
}
