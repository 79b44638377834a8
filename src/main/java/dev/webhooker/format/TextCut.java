package dev.webhooker.format;

/** Length limits that never split a UTF-16 surrogate pair (a cut emoji renders as garbage). */
public final class TextCut {

    private TextCut() {
    }

    /** At most {@code max} UTF-16 units, no marker. */
    public static String cap(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int end = max;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** At most {@code max} UTF-16 units, ending with "…" when something was cut, so readers see the cut. */
    public static String shorten(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        return cap(text, max - 1) + "…";
    }
}
