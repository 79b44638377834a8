package dev.webhooker.importer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an import did, or in a dry run would do: per kind (groups, routes, discord_links, the KV's tenant secrets…)
 * how many were created, updated or already so, with the names of the first few; what was skipped and why; and what
 * the import does not know (a table or key it has no rule for), which it never drops silently.
 */
public final class ImportReport {

    enum Outcome { CREATED, UPDATED, UNCHANGED }

    private static final int NAMED = 8;

    private final Map<String, Map<Outcome, List<String>>> counted = new LinkedHashMap<>();
    private final Map<String, List<String>> skipped = new LinkedHashMap<>();
    private final List<String> unknown = new ArrayList<>();

    void count(String kind, Outcome outcome, String name) {
        counted.computeIfAbsent(kind, k -> new LinkedHashMap<>()).computeIfAbsent(outcome, o -> new ArrayList<>()).add(name);
    }

    void skip(String kind, String reason) {
        skipped.computeIfAbsent(kind + ": " + reason, k -> new ArrayList<>()).add(kind);
    }

    void unknown(String what) {
        unknown.add(what);
    }

    int count(String kind, Outcome outcome) {
        return counted.getOrDefault(kind, Map.of()).getOrDefault(outcome, List.of()).size();
    }

    public List<String> unknownItems() {
        return List.copyOf(unknown);
    }

    /** Whether anything was (or would be) written. */
    public boolean changes() {
        return counted.values().stream().anyMatch(m -> !m.getOrDefault(Outcome.CREATED, List.of()).isEmpty()
                || !m.getOrDefault(Outcome.UPDATED, List.of()).isEmpty());
    }

    public String describe() {
        StringBuilder out = new StringBuilder();
        counted.forEach((kind, outcomes) -> {
            out.append(kind).append(':');
            for (Outcome o : Outcome.values()) {
                List<String> names = outcomes.getOrDefault(o, List.of());
                out.append(' ').append(names.size()).append(' ').append(o.name().toLowerCase());
                if (o != Outcome.UNCHANGED && !names.isEmpty()) {
                    out.append(" (").append(String.join(", ", names.subList(0, Math.min(NAMED, names.size()))))
                            .append(names.size() > NAMED ? ", …" : "").append(')');
                }
                out.append(o == Outcome.UNCHANGED ? "" : ",");
            }
            out.append('\n');
        });
        skipped.forEach((what, items) -> out.append("skipped ").append(items.size()).append(" × ").append(what).append('\n'));
        unknown.forEach(what -> out.append("unknown, not imported: ").append(what).append('\n'));
        return out.toString();
    }
}
