package dev.webhooker.importer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of a D1 export: the SQL text {@code wrangler d1 export} and {@code sqlite3 .dump} write ({@code CREATE
 * TABLE} and {@code INSERT INTO "t" [("c", …)] VALUES(…)[, (…)];} statements, {@code DELETE FROM} the bookkeeping
 * table {@code sqlite_sequence}, {@code PRAGMA}s and transactions around them). Values are text (with {@code ''} for
 * a quote), integers, reals, NULL, {@code X'…'} blobs (kept as hex text), and the expressions SQLite's dump writes
 * for text with line breaks or other control characters: {@code replace('…','\n',char(10))} and {@code
 * unistr('…')}. An INSERT without column names takes them from the table's CREATE TABLE in the same file, else from
 * WebHooker's schema; in a table neither knows (SQLite's own {@code sqlite_sequence}, say) its values are kept by
 * position, {@code #1}, {@code #2}…, for a report that only counts them. Anything malformed is an {@link
 * IllegalArgumentException} naming the statement's line.
 */
public final class D1Export {

    /** WebHooker's columns at HEAD, for INSERTs that name none and have no CREATE TABLE. */
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
    private final Map<String, Integer> deletes;

    private D1Export(Map<String, List<Map<String, Object>>> rows, Map<String, Integer> deletes) {
        this.rows = rows;
        this.deletes = deletes;
    }

    /** The tables that have rows, in the order they first appear. */
    public List<String> tables() {
        return List.copyOf(rows.keySet());
    }

    /** The rows of {@code table} (lower-case name), each column to its value; none when the export has none. */
    public List<Map<String, Object>> rows(String table) {
        return rows.getOrDefault(table, List.of());
    }

    /**
     * The tables the export has {@code DELETE FROM} statements for (lower-case name), each with how many, in the
     * order they first appear: SQLite's dump empties {@code sqlite_sequence} before it writes its rows.
     */
    public Map<String, Integer> deletes() {
        return Collections.unmodifiableMap(deletes);
    }

    public static D1Export parse(String sql) {
        Map<String, List<String>> declared = new LinkedHashMap<>();
        Map<String, List<Map<String, Object>>> rows = new LinkedHashMap<>();
        Map<String, Integer> deletes = new LinkedHashMap<>();
        Scanner in = new Scanner(sql);
        while (in.skipSpaceAndComments()) {
            int start = in.offset();
            String keyword = in.word().toUpperCase(Locale.ROOT);
            if (keyword.equals("INSERT")) {
                insert(in, start, declared, rows);
            } else if (keyword.equals("DELETE") && in.peekWord().equalsIgnoreCase("FROM")) {
                in.word();
                deletes.merge(in.name().toLowerCase(Locale.ROOT), 1, Integer::sum);
                in.skipStatement();
            } else if (keyword.equals("CREATE") && in.peekWord().equalsIgnoreCase("TABLE")) {
                in.word();
                if (in.peekWord().equalsIgnoreCase("IF")) {
                    in.word();
                    in.word();
                    in.word();
                }
                String table = in.name().toLowerCase(Locale.ROOT);
                declared.put(table, columns(in, start));
                in.skipStatement();
            } else {
                in.skipStatement();
            }
        }
        return new D1Export(rows, deletes);
    }

    private static void insert(Scanner in, int start, Map<String, List<String>> declared,
                               Map<String, List<Map<String, Object>>> rows) {
        String word = in.word();
        if (word.equalsIgnoreCase("OR")) {
            in.word();
            word = in.word();
        }
        if (!word.equalsIgnoreCase("INTO")) {
            throw in.error(start, "INSERT without INTO");
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
        }
        if (!in.word().equalsIgnoreCase("VALUES")) {
            throw in.error(start, "INSERT INTO " + table + " without VALUES");
        }
        List<Map<String, Object>> into = rows.computeIfAbsent(table, t -> new ArrayList<>());
        do {
            in.expect('(');
            List<Object> values = new ArrayList<>();
            do {
                values.add(in.value());
            } while (in.accept(','));
            in.expect(')');
            if (columns != null && values.size() != columns.size()) {
                throw in.error(start, "INSERT INTO " + table + " has " + values.size() + " values for " + columns.size() + " columns");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                row.put(columns == null ? "#" + (i + 1) : columns.get(i), values.get(i));
            }
            into.add(row);
        } while (in.accept(','));
        if (!in.accept(';') && in.skipSpaceAndComments()) {
            throw in.error(start, "INSERT INTO " + table + " does not end with ;");
        }
    }

    /** The column names of a CREATE TABLE body: the first name of each entry that is not a constraint. */
    private static List<String> columns(Scanner in, int start) {
        List<String> columns = new ArrayList<>();
        in.expect('(');
        int depth = 1;
        boolean atEntry = true;
        while (depth > 0) {
            in.skipSpaceAndComments();
            char c = in.peek();
            if (c == 0) {
                throw in.error(start, "CREATE TABLE does not end");
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

        /** Where the cursor is; an error turns it into a line number (counting lines as it goes would be quadratic). */
        int offset() {
            return at;
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
                throw error(at, "expected a word at " + snippet());
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
                    throw error(at, "a quoted name does not end");
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
            if (Character.isLetter(c)) {
                int start = at;
                String word = word();
                if (word.equalsIgnoreCase("NULL")) {
                    return null;
                }
                if (accept('(')) {
                    return call(start, word.toLowerCase(Locale.ROOT));
                }
                throw error(start, "not a value: " + word);
            }
            int start = at;
            if (c == '-' || c == '+') {
                at++;
            }
            while (at < s.length() && (Character.isLetterOrDigit(s.charAt(at)) || s.charAt(at) == '.'
                    || (s.charAt(at) == '-' || s.charAt(at) == '+') && (s.charAt(at - 1) == 'e' || s.charAt(at - 1) == 'E'))) {
                at++;
            }
            String token = s.substring(start, at);
            try {
                return token.contains(".") || token.contains("e") || token.contains("E") ? (Object) Double.parseDouble(token)
                        : (Object) Long.parseLong(token);
            } catch (NumberFormatException e) {
                throw error(start, "not a value: " + (token.isEmpty() ? snippet() : token));
            }
        }

        /**
         * The functions SQLite's dump writes around text with control characters in it, after the opening
         * parenthesis: {@code replace(text, marker, char(10))} (nested for several characters) and {@code unistr(text)}.
         */
        private Object call(int start, String function) {
            List<Object> args = new ArrayList<>();
            if (!accept(')')) {
                do {
                    args.add(value());
                } while (accept(','));
                expect(')');
            }
            switch (function) {
                case "replace" -> {
                    if (args.size() != 3) {
                        throw error(start, "replace() takes 3 arguments, got " + args.size());
                    }
                    if (args.contains(null)) {
                        return null;
                    }
                    String what = String.valueOf(args.get(1));
                    return what.isEmpty() ? String.valueOf(args.get(0))
                            : String.valueOf(args.get(0)).replace(what, String.valueOf(args.get(2)));
                }
                case "char" -> {
                    StringBuilder out = new StringBuilder();
                    for (Object code : args) {
                        if (!(code instanceof Long n) || n < 0 || n > Character.MAX_CODE_POINT) {
                            throw error(start, "char() takes code points, got " + code);
                        }
                        out.appendCodePoint(n.intValue());
                    }
                    return out.toString();
                }
                case "unistr" -> {
                    if (args.size() != 1 || !(args.get(0) instanceof String text)) {
                        throw error(start, "unistr() takes one text");
                    }
                    return unistr(start, text);
                }
                default -> throw error(start, "not a value: " + function + "(…)");
            }
        }

        /** SQLite's {@code unistr()}: a backslash then four hex digits, or u and four, or + or U and six; two backslashes are one. */
        private String unistr(int start, String text) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < text.length(); i++) {
                char d = text.charAt(i);
                if (d != '\\') {
                    out.append(d);
                    continue;
                }
                int digits;
                int from = i + 1;
                char kind = from < text.length() ? text.charAt(from) : 0;
                if (kind == '\\') {
                    out.append('\\');
                    i++;
                    continue;
                } else if (kind == 'u') {
                    digits = 4;
                    from++;
                } else if (kind == '+' || kind == 'U') {
                    digits = 6;
                    from++;
                } else {
                    digits = 4;
                }
                if (from + digits > text.length()) {
                    throw error(start, "unistr(): an escape does not end");
                }
                try {
                    out.appendCodePoint(Integer.parseInt(text.substring(from, from + digits), 16));
                } catch (IllegalArgumentException e) {
                    throw error(start, "unistr(): not an escape: " + text.substring(i, from + digits));
                }
                i = from + digits - 1;
            }
            return out.toString();
        }

        private String text() {
            int start = at;
            at++;
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= s.length()) {
                    throw error(start, "a quoted value does not end");
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
                throw error(at, "expected " + c + " at " + snippet());
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

        /** An error at the statement or value that starts at {@code offset}, named by its line. */
        IllegalArgumentException error(int offset, String message) {
            int line = 1;
            for (int i = 0; i < offset && i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    line++;
                }
            }
            return new IllegalArgumentException("line " + line + ": " + message);
        }
    }
}
