package dev.webhooker.configfile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

/**
 * A document merged into a stored configuration: what the document names (a group by id, a route by group and id)
 * takes the place of the stored one of that name or is added after the others, in the document's order; every
 * other group and route stays where it is. Nothing is removed.
 */
public final class ConfigMerge {

    private ConfigMerge() {
    }

    public static ConfigDocument into(List<Group> storedGroups, List<Route> storedRoutes, ConfigDocument document) {
        return new ConfigDocument(merge(storedGroups, document.groups(), Group::id),
                merge(storedRoutes, document.routes(), r -> (r.groupId() == null ? "" : r.groupId()) + "\u0000" + r.id()));
    }

    private static <T> List<T> merge(List<T> stored, List<T> named, Function<T, String> key) {
        Map<String, T> byKey = new LinkedHashMap<>();
        named.forEach(item -> byKey.put(key.apply(item), item));
        List<T> merged = new ArrayList<>();
        for (T item : stored) {
            T replacement = byKey.remove(key.apply(item));
            merged.add(replacement == null ? item : replacement);
        }
        merged.addAll(byKey.values());
        return merged;
    }
}
