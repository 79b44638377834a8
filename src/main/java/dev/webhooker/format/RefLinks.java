package dev.webhooker.format;

import java.nio.charset.StandardCharsets;

/**
 * Commit, branch and tag references as inline code wrapped in a link to the forge.
 * Without a base URL they are plain inline code.
 */
public final class RefLinks {

    private static final String HEADS = "refs/heads/";
    private static final String TAGS = "refs/tags/";

    private final String baseUrl;
    private final boolean gitea;

    public RefLinks(String baseUrl, String provider) {
        this.baseUrl = baseUrl;
        this.gitea = "gitea".equals(provider);
    }

    /** {@code [`abc1234`](base/commit/sha)}; null when there is no sha. */
    public String commit(String sha) {
        if (sha == null || sha.isBlank()) {
            return null;
        }
        String shortSha = TextCut.cap(sha, 7);
        return baseUrl == null ? code(shortSha) : link(code(shortSha), baseUrl + "/commit/" + encodeSegment(sha));
    }

    public String branch(String ref) {
        return branch(ref, null, null);
    }

    /**
     * Branch link with an optional label (default: the cleaned ref) and repository URL (default: the
     * event's repository; a PR's head branch lives in the fork).
     */
    public String branch(String ref, String label, String repositoryUrl) {
        if (ref == null || ref.isBlank()) {
            return null;
        }
        String clean = stripPrefix(stripPrefix(ref, HEADS), TAGS);
        String shown = code(label == null ? clean : label);
        String base = repositoryUrl != null && !repositoryUrl.isBlank() ? repositoryUrl : baseUrl;
        // Gitea serves branches under /src/branch/, GitHub under /tree/.
        String treePath = gitea ? "/src/branch/" : "/tree/";
        return base == null ? shown : link(shown, base + treePath + encodePath(clean));
    }

    public String tag(String ref) {
        return tag(ref, null);
    }

    public String tag(String ref, String label) {
        if (ref == null || ref.isBlank()) {
            return null;
        }
        String clean = stripPrefix(ref, TAGS);
        String shown = code(label == null ? clean : label);
        return baseUrl == null ? shown : link(shown, baseUrl + "/releases/tag/" + encodePath(clean));
    }

    /** A tag link when the ref is under refs/tags/, else a branch link. */
    public String branchOrTag(String ref) {
        return ref != null && ref.startsWith(TAGS) ? tag(ref) : branch(ref);
    }

    /** Inline code that survives backticks in the text. */
    public static String code(String text) {
        return text.contains("`") ? "`` " + text + " ``" : "`" + text + "`";
    }

    static String link(String label, String url) {
        return "[" + label + "](" + url + ")";
    }

    static String stripPrefix(String ref, String prefix) {
        return ref.startsWith(prefix) ? ref.substring(prefix.length()) : ref;
    }

    /** Each "/"-separated segment URL-encoded, slashes kept: {@code feat/a#b} → {@code feat/a%23b}. */
    public static String encodePath(String path) {
        String[] segments = path.split("/", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            if (i > 0) {
                out.append('/');
            }
            out.append(encodeSegment(segments[i]));
        }
        return out.toString();
    }

    /**
     * encodeURIComponent, plus "(" and ")" so the URL cannot end a Markdown link early.
     */
    public static String encodeSegment(String segment) {
        StringBuilder out = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-_.!~*'".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
