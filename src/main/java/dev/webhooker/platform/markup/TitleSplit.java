package dev.webhooker.platform.markup;

/**
 * The title split: at the first {@code ": "} when it is not at index 0, head = the
 * text before (the part linked to the message URL), subject = the text after; otherwise all of it is the
 * head and there is no subject ({@code null}).
 */
public record TitleSplit(String head, String subject) {

    public static TitleSplit of(String title) {
        String t = title == null ? "" : title;
        int at = t.indexOf(": ");
        if (at > 0) {
            return new TitleSplit(t.substring(0, at), t.substring(at + 2));
        }
        return new TitleSplit(t, null);
    }
}
