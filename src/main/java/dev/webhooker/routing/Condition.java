package dev.webhooker.routing;

import java.util.List;

/**
 * A route's compiled filter tree: {@code ast} when present, else the AND of
 * {@code filters}. Built once per configuration version; evaluated per event.
 */
sealed interface Condition {

    boolean test(EventValues values);

    /** Why the condition is false for {@code values} (only asked when it is). */
    String whyNot(EventValues values);

    Condition ALWAYS = new AllOf(List.of());
    Condition NEVER = new AnyOf(List.of());

    /** The condition of a route. Throws for a malformed tree; the caller makes such a route non-matching. */
    static Condition of(Route route) {
        if (route.ast() != null) {
            return of(route.ast());
        }
        return new AllOf(route.filters().stream().map(Condition::leaf).toList());
    }

    private static Condition of(FilterNode node) {
        if (node == null) {
            throw new IllegalArgumentException("empty node in the filter tree");
        }
        if (node instanceof FilterNode.All all) {
            return new AllOf(all.children().stream().map(Condition::of).toList());
        }
        if (node instanceof FilterNode.Any any) {
            return new AnyOf(any.children().stream().map(Condition::of).toList());
        }
        if (node instanceof FilterNode.Not not) {
            return new NotOf(of(not.child()));
        }
        return leaf(((FilterNode.Leaf) node).filter());
    }

    private static Condition leaf(Filter filter) {
        if (filter == null) {
            throw new IllegalArgumentException("filter leaf without a filter");
        }
        return CompiledFilter.compile(filter).<Condition>map(Leaf::new).orElse(NEVER);
    }

    /** Every child true; no children → true. */
    record AllOf(List<Condition> children) implements Condition {
        @Override
        public boolean test(EventValues values) {
            return children.stream().allMatch(c -> c.test(values));
        }

        @Override
        public String whyNot(EventValues values) {
            return children.stream().filter(c -> !c.test(values)).findFirst().map(c -> c.whyNot(values))
                    .orElse("its filters match");
        }
    }

    /** Some child true; no children → false. */
    record AnyOf(List<Condition> children) implements Condition {
        @Override
        public boolean test(EventValues values) {
            return children.stream().anyMatch(c -> c.test(values));
        }

        @Override
        public String whyNot(EventValues values) {
            return children.isEmpty() ? "it can never match (a filter of unknown type, or an empty any:)"
                    : "no branch of any: matches (the first: " + children.get(0).whyNot(values) + ")";
        }
    }

    record NotOf(Condition child) implements Condition {
        @Override
        public boolean test(EventValues values) {
            return !child.test(values);
        }

        @Override
        public String whyNot(EventValues values) {
            return "not: its filter matches";
        }
    }

    record Leaf(CompiledFilter filter) implements Condition {
        @Override
        public boolean test(EventValues values) {
            return filter.test(values);
        }

        @Override
        public String whyNot(EventValues values) {
            return filter.whyNot(values);
        }
    }
}
