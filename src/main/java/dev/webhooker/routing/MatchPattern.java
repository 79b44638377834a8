package dev.webhooker.routing;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Locale;

/**
 * One compiled string of a filter's {@code match}, in one of three forms:
 * {@code /regex/} (inner text, unanchored search), glob ({@code *} and {@code ?}, both crossing
 * {@code /}; anchored for field types, unanchored for keyword) or plain text (equality for field types,
 * substring for keyword). Every form is case-insensitive.
 *
 * <p>Regexes and globs run on re2j, a linear-time engine: a user's {@code /(a+)+$/} cannot stall a
 * delivery worker as it could with java.util.regex or the original's JavaScript engine. The price is
 * that re2j refuses some syntax JavaScript accepts — backreferences ({@code \1}), lookahead and
 * lookbehind ({@code (?=…)}, {@code (?<=…)}), possessive quantifiers. Such a pattern counts as an
 * invalid regex and, like every invalid regex, matches nothing.
 */
sealed interface MatchPattern {

    /** Longer globs and regex inner texts are not compiled and match nothing (the original's rule). */
    int MAX_COMPILED_LENGTH = 200;

    /**
     * Whether the pattern matches. For field types {@code value} is the field; for keyword it is the
     * lower-cased compact JSON of the payload.
     */
    boolean matches(String value);

    /** A pattern tested against one field (event, repo, actor, action, branch). */
    static MatchPattern forField(String pattern) {
        return compile(pattern, false);
    }

    /** A pattern searched in the payload text (keyword). */
    static MatchPattern forKeyword(String pattern) {
        return compile(pattern, true);
    }

    private static MatchPattern compile(String pattern, boolean keyword) {
        if (pattern == null) {
            return Nothing.INSTANCE;
        }
        if (pattern.length() >= 2 && pattern.startsWith("/") && pattern.endsWith("/")) {
            String inner = pattern.substring(1, pattern.length() - 1);
            return inner.length() > MAX_COMPILED_LENGTH ? Nothing.INSTANCE : regex(inner, false);
        }
        if (pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0) {
            return pattern.length() > MAX_COMPILED_LENGTH ? Nothing.INSTANCE : regex(globToRegex(pattern), !keyword);
        }
        String lower = pattern.toLowerCase(Locale.ROOT);
        return keyword ? new Contains(lower) : new EqualsIgnoringCase(lower);
    }

    private static MatchPattern regex(String regex, boolean anchored) {
        try {
            return new Regex(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), anchored);
        } catch (PatternSyntaxException e) {
            return Nothing.INSTANCE;
        }
    }

    /**
     * {@code *} is any run of characters and {@code ?} exactly one, both including {@code /} and line
     * breaks; every other character stands for itself.
     */
    private static String globToRegex(String glob) {
        StringBuilder regex = new StringBuilder("(?s)");
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return regex.toString();
    }

    record EqualsIgnoringCase(String lowerCased) implements MatchPattern {
        @Override
        public boolean matches(String value) {
            return value.toLowerCase(Locale.ROOT).equals(lowerCased);
        }
    }

    record Contains(String lowerCased) implements MatchPattern {
        @Override
        public boolean matches(String value) {
            return value.contains(lowerCased);
        }
    }

    record Regex(Pattern pattern, boolean anchored) implements MatchPattern {
        @Override
        public boolean matches(String value) {
            return anchored ? pattern.matcher(value).matches() : pattern.matcher(value).find();
        }
    }

    /** Too long or invalid: never matches. */
    enum Nothing implements MatchPattern {
        INSTANCE;

        @Override
        public boolean matches(String value) {
            return false;
        }
    }
}
