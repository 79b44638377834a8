package dev.webhooker.importer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of a D1 export: the SQL text {@code wrangler d1 export} writes (SQLite's dump: {@code CREATE TABLE} and
 * {@code INSERT INTO "t" [("c", …)] VALUES(…)[, (…)];} statements, {@code PRAGMA}s and transactions around them).
 * Values are text (with {@code ''} for a quote), integers, reals, NULL or {@code X'…'} blobs (kept as hex text). An
 * INSERT without column names takes them from the table's CREATE TABLE in the same file, else from WebHooker's
 * schema. Anything malformed is an {@link IllegalArgumentException} naming the statement's line.
 */
public final class D1Export {

    /** WebHooker's columns at HEAD (pipeline.md §5.1), for INSERTs that name none and have no CREATE TABLE. */
    static final Map<String, List<String>> WEBHOOKER_COLUMNS = Map.of(
            "d1_groups", List.of("id", "name", "data", "version", "created_at", "updated_at"),
            "d1_routes", List.of("id", "group_id", "name", "enabled", "filters", "targets", "stop", "fallback",
                    "discord_role_ids", "ast", "version", "created_at", "updated_at"),
            "discord_links", List.of("discord_user_id", "github_user_id"),
            "telegram_links", List.of("telegram_user_id", "github_user_id"),
            "audit_logs", List.of("id", "ts", "actor_id", "actor_login", "action", "target_type", "target_id", "group_id",
                    "detail", "ip"),
            "send_logs", List.of("id", "ts", "route_id", "event", "repo", "target", "ok", "error", "status", "message_id",
                    "delivery_id", "platform", "actor", "action", "duration_ms", "error_code", "attempts", "detail", "group_id"),
            "message_tracking", List.of("event_id", "target_id", "message_id", "updated_at"),
            "dedup_keys", List.of("key", "claimed_at", "expires_at"),
            "delivery_state", List.of("key", "status", "updated_at"));

    private final Map<String, List<Map<String, Object>>> rows;

    private D1Export(Map<String, List<Map<String, Object>>> rows) {
        this.rows = rows;
    }

    /** The tables that have rows, in the order they first appear. */
    public List<String> tables() {
        return List.copyOf(rows.keySet());
    }

    /** The rows of {@code table} (lower-case name), each column to its value; none when the export has none. */
    public List<Map<String, Object>> rows(String table) {
        return rows.getOrDefault(table, List.of());
    }

    public static D1Export parse(String sql) {
        Map<String, List<String>> declared = new LinkedHashMap<>();
        Map<String, List<Map<String, Object>>> rows = new LinkedHashMap<>();
        Scanner in = new Scanner(sql);
        while (in.skipSpaceAndComments()) {
            int line = in.line();
            String keyword = in.word().toUpperCase(Locale.ROOT);
            if (keyword.equals("INSERT")) {
                insert(in, line, declared, rows);
            } else if (keyword.equals("CREATE") && in.peekWord().equalsIgnoreCase("TABLE")) {
                in.word();
                if (in.peekWord().equalsIgnoreCase("IF")) {
                    in.word();
                    in.word();
                    in.word();
                }
                String table = in.name().toLowerCase(Locale.ROOT);
                declared.put(table, columns(in, line));
                in.skipStatement();
            } else {
                in.skipStatement();
            }
        }
        return new D1Export(rows);
    }

    private static void insert(Scanner in, int line, Map<String, List<String>> declared,
                               Map<String, List<Map<String, Object>>> rows) {
        String word = in.word();
        if (word.equalsIgnoreCase("OR")) {
            in.word();
            word = in.word();
        }
        if (!word.equalsIgnoreCase("INTO")) {
            throw in.error(line, "INSERT without INTO");
        }
        String table = in.name().toLowerCase(Locale.ROOT);
        List<String> columns;
        in.skipSpaceAndComments();
        if (in.peek() == '(') {
            columns = new ArrayList<>();
            in.expect('(');
            do {
                columns.add(in.name().toLowerCase(Locale.ROOT));
            } while (in.accept(','));
            in.expect(')');
        } else {
            columns = declared.getOrDefault(table, WEBHOOKER_COLUMNS.get(table));
            if (columns == null) {
                throw in.error(line, "INSERT INTO " + table + " names no columns, and the export has no CREATE TABLE for it");
            }
        }
        if (!in.word().equalsIgnoreCase("VALUES")) {
            throw in.error(line, "INSERT INTO " + table + " without VALUES");
        }
        List<Map<String, Object>> into = rows.computeIfAbsent(table, t -> new ArrayList<>());
        do {
            in.expect('(');
            List<Object> values = new ArrayList<>();
            do {
                values.add(in.value());
            } while (in.accept(','));
            in.expect(')');
            if (values.size() != columns.size()) {
                throw in.error(line, "INSERT INTO " + table + " has " + values.size() + " values for " + columns.size() + " columns");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                row.put(columns.get(i), values.get(i));
            }
            into.add(row);
        } while (in.accept(','));
        if (!in.accept(';') && in.skipSpaceAndComments()) {
            throw in.error(line, "INSERT INTO " + table + " does not end with ;");
        }
    }

    /** The column names of a CREATE TABLE body: the first name of each entry that is not a constraint. */
    private static List<String> columns(Scanner in, int line) {
        List<String> columns = new ArrayList<>();
        in.expect('(');
        int depth = 1;
        boolean atEntry = true;
        while (depth > 0) {
            in.skipSpaceAndComments();
            char c = in.peek();
            if (c == 0) {
                throw in.error(line, "CREATE TABLE does not end");
            }
            if (c == '(') {
                depth++;
                in.next();
            } else if (c == ')') {
                depth--;
                in.next();
            } else if (c == ',') {
                in.next();
                atEntry = depth == 1;
            } else if (c == '\'') {
                in.value();
            } else if (atEntry && depth == 1) {
                String name = in.name();
                String upper = name.toUpperCase(Locale.ROOT);
                if (!List.of("PRIMARY", "FOREIGN", "UNIQUE", "CHECK", "CONSTRAINT").contains(upper)) {
                    columns.add(name.toLowerCase(Locale.ROOT));
                }
                atEntry = false;
            } else {
                in.next();
            }
        }
        return columns;
    }

    /** A cursor over SQL text that knows quotes, identifiers and comments. */
    private static final class Scanner {
        private final String s;
        private int at;

        Scanner(String s) {
            this.s = s;
        }

        int line() {
            int line = 1;
            for (int i = 0; i < at && i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    line++;
                }
            }
            return line;
        }

        char peek() {
            return at < s.length() ? s.charAt(at) : 0;
        }

        void next() {
            at++;
        }

        /** False at the end of the text. */
        boolean skipSpaceAndComments() {
            while (at < s.length()) {
                char c = s.charAt(at);
                if (Character.isWhitespace(c)) {
                    at++;
                } else if (s.startsWith("--", at)) {
                    int end = s.indexOf('\n', at);
                    at = end < 0 ? s.length() : end + 1;
                } else if (s.startsWith("/*", at)) {
                    int end = s.indexOf("*/", at + 2);
                    at = end < 0 ? s.length() : end + 2;
                } else {
                    return true;
                }
            }
            return false;
        }

        String word() {
            skipSpaceAndComments();
            int start = at;
            while (at < s.length() && (Character.isLetterOrDigit(s.charAt(at)) || s.charAt(at) == '_')) {
                at++;
            }
            if (start == at) {
                throw error(line(), "expected a word at " + snippet());
            }
            return s.substring(start, at);
        }

        String peekWord() {
            int saved = at;
            try {
                return word();
            } catch (IllegalArgumentException e) {
                return "";
            } finally {
                at = saved;
            }
        }

        /** A name, bare or quoted with ", ` or []. */
        String name() {
            skipSpaceAndComments();
            char c = peek();
            char close = c == '"' ? '"' : c == '`' ? '`' : c == '[' ? ']' : 0;
            if (close == 0) {
                return word();
            }
            StringBuilder out = new StringBuilder();
            at++;
            while (true) {
                if (at >= s.length()) {
                    throw error(line(), "a quoted name does not end");
                }
                char d = s.charAt(at++);
                if (d == close) {
                    if (close != ']' && peek() == close) {
                        out.append(d);
                        at++;
                        continue;
                    }
                    return out.toString();
                }
                out.append(d);
            }
        }

        Object value() {
            skipSpaceAndComments();
            char c = peek();
            if (c == '\'') {
                return text();
            }
            if ((c == 'X' || c == 'x') && at + 1 < s.length() && s.charAt(at + 1) == '\'') {
                at++;
                return text();
            }
            int start = at;
            if (c == '-' || c == '+') {
                at++;
            }
            while (at < s.length() && (Character.isLetterOrDigit(s.charAt(at)) || s.charAt(at) == '.' || s.charAt(at) == '_')) {
                at++;
            }
            String token = s.substring(start, at);
            if (token.equalsIgnoreCase("NULL")) {
                return null;
            }
            try {
                return token.contains(".") || token.contains("e") || token.contains("E") ? (Object) Double.parseDouble(token)
                        : (Object) Long.parseLong(token);
            } catch (NumberFormatException e) {
                throw error(line(), "not a value: " + (token.isEmpty() ? snippet() : token));
            }
        }

        private String text() {
            int line = line();
            at++;
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= s.length()) {
                    throw error(line, "a quoted value does not end");
                }
                char d = s.charAt(at++);
                if (d == '\'') {
                    if (peek() == '\'') {
                        out.append('\'');
                        at++;
                        continue;
                    }
                    return out.toString();
                }
                out.append(d);
            }
        }

        void expect(char c) {
            skipSpaceAndComments();
            if (peek() != c) {
                throw error(line(), "expected " + c + " at " + snippet());
            }
            at++;
        }

        boolean accept(char c) {
            skipSpaceAndComments();
            if (peek() == c) {
                at++;
                return true;
            }
            return false;
        }

        void skipStatement() {
            while (at < s.length()) {
                char c = s.charAt(at);
                if (c == '\'') {
                    text();
                } else if (c == '"') {
                    name();
                } else {
                    at++;
                    if (c == ';') {
                        return;
                    }
                }
            }
        }

        private String snippet() {
            String rest = s.substring(at, Math.min(s.length(), at + 30)).replace('\n', ' ');
            return rest.isEmpty() ? "the end" : "\"" + rest + "\"";
        }

        IllegalArgumentException error(int line, String message) {
            return new IllegalArgumentException("line " + line + ": " + message);
        }
    }
}
