package dev.webhooker.platform.markup;

/**
 * Cutting Java strings, which are UTF-16, without breaking a character: both platforms count UTF-16 code
 * units (Telegram says so; Discord counts characters, which is never more), and a cut between the two
 * halves of a surrogate pair would leave an invalid character that Discord strips and Telegram rejects.
 */
public final class Utf16Text {

    private static final char ZERO_WIDTH_JOINER = '\u200D';

    private Utf16Text() {
    }

    /**
     * The longest prefix of {@code s} with at most {@code maxUnits} code units that ends on a character
     * boundary; a trailing zero-width joiner is dropped too so an emoji sequence is not left dangling.
     */
    public static String prefix(String s, int maxUnits) {
        if (maxUnits <= 0) {
            return "";
        }
        if (s.length() <= maxUnits) {
            return s;
        }
        int end = maxUnits;
        if (Character.isHighSurrogate(s.charAt(end - 1)) && Character.isLowSurrogate(s.charAt(end))) {
            end--;
        }
        while (end > 0 && (s.charAt(end - 1) == ZERO_WIDTH_JOINER || isVariationSelector(s.charAt(end)))) {
            end--;
            if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1)) && Character.isLowSurrogate(s.charAt(end))) {
                end--;
            }
        }
        return s.substring(0, end);
    }

    private static boolean isVariationSelector(char c) {
        return c >= '\uFE00' && c <= '\uFE0F';
    }

    /** {@code s} with every unpaired surrogate replaced by U+FFFD, so the JSON we send is valid Unicode. */
    public static String wellFormed(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1));
            if (paired) {
                if (out != null) {
                    out.append(c).append(s.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean lone = Character.isSurrogate(c);
            if (lone && out == null) {
                out = new StringBuilder(s.length()).append(s, 0, i);
            }
            if (out != null) {
                out.append(lone ? '\uFFFD' : c);
            }
        }
        return out == null ? s : out.toString();
    }
}
