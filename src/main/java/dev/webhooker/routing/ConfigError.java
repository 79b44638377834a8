package dev.webhooker.routing;

/**
 * One problem in a group or route list, located precisely enough to fix it without guessing:
 * {@code entry} names the list element ({@code routes[3] (id "ci-alerts", group "team-a")}),
 * {@code field} the path inside it ({@code filters[0].type}); either may be empty for list-level problems.
 */
public record ConfigError(String entry, String field, String message) {

    private static final int MAX_QUOTED = 80;

    public static ConfigError of(String entry, String field, String message) {
        return new ConfigError(entry == null ? "" : entry, field == null ? "" : field, message);
    }

    /** {@code groups[2] (id "team-a")}, or {@code groups[2]} when the id is missing; index -1 means "not in a list". */
    public static String groupEntry(int index, String id) {
        String base = index < 0 ? "group" : "groups[" + index + "]";
        return id == null || id.isEmpty() ? base : base + " (id " + quote(id) + ")";
    }

    /** {@code routes[3] (id "ci-alerts", group "team-a")}, leaving out what is missing. */
    public static String routeEntry(int index, String id, String groupId) {
        String base = index < 0 ? "route" : "routes[" + index + "]";
        boolean hasId = id != null && !id.isEmpty();
        boolean hasGroup = groupId != null && !groupId.isEmpty();
        if (!hasId && !hasGroup) {
            return base;
        }
        StringBuilder sb = new StringBuilder(base).append(" (");
        if (hasId) {
            sb.append("id ").append(quote(id));
        }
        if (hasGroup) {
            sb.append(hasId ? ", " : "").append("group ").append(quote(groupId));
        }
        return sb.append(')').toString();
    }

    /**
     * A user-supplied value inside a message: quoted, control characters escaped and long values cut, so one
     * error stays one readable log line whatever was submitted.
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("\"");
        int limit = Math.min(value.length(), MAX_QUOTED);
        for (int i = 0; i < limit; i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        if (value.length() > MAX_QUOTED) {
            sb.append("…");
        }
        return sb.append('"').toString();
    }

    /** The whole line: {@code entry: field: message}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (!entry.isEmpty()) {
            sb.append(entry).append(": ");
        }
        if (!field.isEmpty()) {
            sb.append(field).append(": ");
        }
        return sb.append(message).toString();
    }
}
