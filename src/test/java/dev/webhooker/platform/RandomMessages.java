package dev.webhooker.platform;

import dev.webhooker.format.NeutralMessage;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of hostile {@link NeutralMessage}s for the renderer properties: HTML and Markdown
 * fragments (complete and broken), emoji sequences and surrogate pairs (also lone halves), RTL text and
 * controls, mention bait, valid and invalid URLs, and sometimes bodies of 10,000 characters or more.
 */
public final class RandomMessages {

    private static final List<String> FRAGMENTS = List.of(
            "<script>alert(1)</script>", "<b>", "</i>", "&amp;", "&", "&lt;", "&#39;", "\"", "'", "<", ">",
            "**", "*", "`", "``", "[", "]", "(", ")", "](", "> ", "\n", "\n> ", "\\", "\\*", "\\`", "_", "~~", "|",
            "😀", "👨‍👩‍👧", "❤️", "🇺🇦", "👍🏽", "\uD800", "\uDC00", "שלום עולם", "مرحبا", "\u202E", "\u200B",
            "@everyone", "@here", "<@&123>", "https://x.example/a?b=1&c=2", "javascript:alert(1)", ": ", " ", "  ",
            "\t", "abc", "漢字", "é");

    private static final List<String> URLS = List.of(
            "https://github.com/acme/widget/pull/7", "http://git.example.com/o/r?a=1&b=2#frag",
            "https://en.wikipedia.org/wiki/Foo_(bar)", "tg://user?id=1", "javascript:alert(1)", "ftp://x.example/f",
            "not a url", "/relative", "https://", "https://x.example/\"><script>", "HTTPS://X.EXAMPLE/Ä");

    private RandomMessages() {
    }

    public static Arbitrary<String> urls() {
        return Arbitraries.of(URLS).injectNull(0.2);
    }

    /** Free text built from the fragments above, well-formed constructs, and random letters. */
    public static Arbitrary<String> text() {
        Arbitrary<String> piece = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of(FRAGMENTS)),
                Tuple.of(3, Arbitraries.strings().all().ofMaxLength(8)),
                Tuple.of(2, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12)),
                Tuple.of(2, constructs()));
        Arbitrary<String> shortText = piece.list().ofMaxSize(30).map(pieces -> String.join("", pieces));
        Arbitrary<String> longText = piece.list().ofMinSize(1).ofMaxSize(20).map(pieces -> repeatTo(pieces, 10_000));
        return Arbitraries.frequencyOf(Tuple.of(8, shortText), Tuple.of(2, longText)).injectNull(0.05);
    }

    /**
     * Text whose only backticks and brackets are those of complete constructs, so an unclosed code span
     * or a half link in the output can only come from a bad cut.
     */
    public static Arbitrary<String> structuredText() {
        Arbitrary<String> plain = Arbitraries.strings().withChars("abc xyz😀é\n*&<>\"").ofMinLength(1).ofMaxLength(30);
        Arbitrary<String> piece = Arbitraries.frequencyOf(Tuple.of(3, plain), Tuple.of(2, constructs()));
        return Arbitraries.frequencyOf(
                Tuple.of(1, piece.list().ofMaxSize(20).map(pieces -> String.join("", pieces))),
                Tuple.of(1, piece.list().ofMinSize(1).ofMaxSize(20).map(pieces -> repeatTo(pieces, 10_000))));
    }

    private static Arbitrary<String> constructs() {
        Arbitrary<String> word = Arbitraries.strings().withChars("abcdefgh 😀é<&>").ofMinLength(1).ofMaxLength(40)
                .filter(s -> !s.isBlank());
        Arbitrary<String> url = Arbitraries.of("https://github.com/acme/widget/tree/main",
                "https://x.example/a?b=1&c=2", "https://en.wikipedia.org/wiki/Foo_(bar)");
        return Arbitraries.oneOf(
                word.map(w -> "**" + w.strip() + "**"),
                word.map(w -> "`" + w + "`"),
                Combinators.combine(word, url).as((w, u) -> "[" + w + "](" + u + ")"),
                Combinators.combine(word, url).as((w, u) -> "[`" + w + "`](" + u + ")"),
                word.map(w -> "\n> " + w + "\n"));
    }

    private static String repeatTo(List<String> pieces, int length) {
        StringBuilder out = new StringBuilder();
        if (String.join("", pieces).isEmpty()) {
            return "";
        }
        while (out.length() < length) {
            pieces.forEach(out::append);
        }
        return out.toString();
    }

    public static Arbitrary<NeutralMessage> messages() {
        return messages(text());
    }

    public static Arbitrary<NeutralMessage> messages(Arbitrary<String> text) {
        Arbitrary<NeutralMessage.Author> author = Combinators.combine(text, urls(), urls())
                .as(NeutralMessage.Author::new).injectNull(0.2);
        Arbitrary<NeutralMessage.Field> field = Combinators.combine(text, text, Arbitraries.of(true, false))
                .as(NeutralMessage.Field::new);
        Arbitrary<NeutralMessage.Action> action = Combinators.combine(
                Arbitraries.strings().ofMinLength(0).ofMaxLength(120), text, Arbitraries.of("primary", "danger", "x"))
                .as(NeutralMessage.Action::new);
        Arbitrary<NeutralMessage.Forge> forge = Combinators.combine(text, urls(), urls())
                .as(NeutralMessage.Forge::new).injectNull(0.5);
        Arbitrary<String> timestamp = Arbitraries.of("2026-08-02T21:26:04.042Z", "2026-08-02T23:26:04+02:00",
                "yesterday", "").injectNull(0.2);
        Arbitrary<Integer> color = Arbitraries.integers().between(-5, 0x1000005).injectNull(0.2);
        Arbitrary<List<String>> roles = Arbitraries.oneOf(
                Arbitraries.longs().between(1, Long.MAX_VALUE).map(String::valueOf),
                Arbitraries.of("", "abc", "<@&1>", "@everyone")).list().ofMaxSize(150);
        Arbitrary<String> title = Combinators.combine(text, text.injectNull(0.5))
                .as((head, subject) -> subject == null ? head : head + ": " + subject);

        return Combinators.combine(title, urls(), color, text, author, field.list().ofMaxSize(35), text, timestamp)
                .flatAs((t, url, c, description, a, fields, footer, ts) ->
                        Combinators.combine(action.list().ofMaxSize(30), forge, roles).as((actions, f, r) ->
                                new NeutralMessage(t, url, c, description, a, fields, footer, ts, actions, f, null, r)));
    }
}
