package dev.webhooker.configfile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

/**
 * What applying a config file changes in the stored configuration, by id: groups and routes added,
 * changed and removed, and whether their order moved (a route's place is its evaluation order). For the
 * one log line of every apply, and the admin API's import preview.
 */
public record ConfigChanges(Diff groups, Diff routes) {

    public static ConfigChanges between(List<Group> storedGroups, List<Route> storedRoutes, ConfigDocument file) {
        return new ConfigChanges(Diff.of(storedGroups, file.groups(), Group::id),
                Diff.of(storedRoutes, file.routes(), ConfigChanges::routeKey));
    }

    public boolean isEmpty() {
        return groups.isEmpty() && routes.isEmpty();
    }

    /** e.g. "groups: added team-b; routes: added team-b/issues, changed default/all-push, order changed". */
    public String describe() {
        if (isEmpty()) {
            return "no change";
        }
        List<String> parts = new ArrayList<>();
        if (!groups.isEmpty()) {
            parts.add("groups: " + groups.describe());
        }
        if (!routes.isEmpty()) {
            parts.add("routes: " + routes.describe());
        }
        return String.join("; ", parts);
    }

    private static final int NAMED = 10;

    private static String routeKey(Route route) {
        return (route.groupId() == null ? "" : route.groupId()) + "/" + route.id();
    }

    /** {@code reordered}: the items present before and after are not in the same order. */
    public record Diff(List<String> added, List<String> changed, List<String> removed, boolean reordered) {

        static <T> Diff of(List<T> before, List<T> after, Function<T, String> key) {
            Map<String, T> old = new LinkedHashMap<>();
            before.forEach(item -> old.put(key.apply(item), item));
            List<String> added = new ArrayList<>();
            List<String> changed = new ArrayList<>();
            List<String> keptInNewOrder = new ArrayList<>();
            for (T item : after) {
                String k = key.apply(item);
                T previous = old.get(k);
                if (previous == null) {
                    added.add(k);
                } else {
                    keptInNewOrder.add(k);
                    if (!previous.equals(item)) {
                        changed.add(k);
                    }
                }
            }
            List<String> keptInOldOrder = old.keySet().stream().filter(keptInNewOrder::contains).toList();
            List<String> removed = old.keySet().stream().filter(k -> !keptInNewOrder.contains(k)).toList();
            return new Diff(added, changed, removed, !keptInOldOrder.equals(keptInNewOrder));
        }

        boolean isEmpty() {
            return added.isEmpty() && changed.isEmpty() && removed.isEmpty() && !reordered;
        }

        String describe() {
            List<String> parts = new ArrayList<>();
            if (!added.isEmpty()) {
                parts.add("added " + names(added));
            }
            if (!changed.isEmpty()) {
                parts.add("changed " + names(changed));
            }
            if (!removed.isEmpty()) {
                parts.add("removed " + names(removed));
            }
            if (reordered) {
                parts.add("order changed");
            }
            return String.join(", ", parts);
        }

        /** At most {@link #NAMED} names, so that replacing a whole large file stays one readable line. */
        private static String names(List<String> ids) {
            if (ids.size() <= NAMED) {
                return String.join(", ", ids);
            }
            return String.join(", ", ids.subList(0, NAMED)) + " and " + (ids.size() - NAMED) + " more";
        }
    }
}
