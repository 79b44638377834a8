package dev.webhooker.routing;

import java.util.List;

/** The optional boolean filter tree of a route ({@code ast}): all / any / not over filter leaves. */
public sealed interface FilterNode {

    record All(List<FilterNode> children) implements FilterNode {
        public All {
            children = List.copyOf(children);
        }
    }

    record Any(List<FilterNode> children) implements FilterNode {
        public Any {
            children = List.copyOf(children);
        }
    }

    record Not(FilterNode child) implements FilterNode {
    }

    record Leaf(Filter filter) implements FilterNode {
    }
}
