package dev.webhooker.platform.markup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.webhooker.platform.markup.MarkdownNode.Bold;
import dev.webhooker.platform.markup.MarkdownNode.Code;
import dev.webhooker.platform.markup.MarkdownNode.Link;
import dev.webhooker.platform.markup.MarkdownNode.Quote;
import dev.webhooker.platform.markup.MarkdownNode.Text;
import java.util.List;
import org.junit.jupiter.api.Test;

class NeutralMarkdownTest {

    @Test
    void refLinkWithCodeLabel() {
        assertThat(NeutralMarkdown.parseInline("[`main`](https://x.example/tree/main) ok")).containsExactly(
                new Link(List.of(new Code("main", "`")), "https://x.example/tree/main", "https://x.example/tree/main"),
                new Text(" ok"));
    }

    @Test
    void boldMayContainCodeAndLinks() {
        assertThat(NeutralMarkdown.parseInline("**a `b` [c](https://d.example)**")).containsExactly(new Bold(List.of(
                new Text("a "), new Code("b", "`"), new Text(" "),
                new Link(List.of(new Text("c")), "https://d.example", "https://d.example"))));
    }

    @Test
    void incompleteConstructsStayLiteral() {
        assertThat(NeutralMarkdown.plainText("**open `tick [label](no close 2*3*4")).isEqualTo(
                "**open `tick [label](no close 2*3*4");
        assertThat(NeutralMarkdown.parseInline("a ` b")).containsExactly(new Text("a ` b"));
    }

    @Test
    void codeIsLiteralAndDoubleFencesMayHoldBackticks() {
        assertThat(NeutralMarkdown.parseInline("``a ` **b**``")).containsExactly(new Code("a ` **b**", "``"));
        assertThat(NeutralMarkdown.parseInline("**x `**` y**")).containsExactly(
                new Bold(List.of(new Text("x "), new Code("**", "`"), new Text(" y"))));
    }

    @Test
    void urlsWithParenthesesAndAngleBrackets() {
        assertThat(NeutralMarkdown.parseInline("[w](https://w.example/Foo_(bar))")).containsExactly(
                new Link(List.of(new Text("w")), "https://w.example/Foo_(bar)", "https://w.example/Foo_(bar)"));
        assertThat(NeutralMarkdown.parseInline("[w](<https://w.example/a)b>)")).containsExactly(
                new Link(List.of(new Text("w")), "https://w.example/a)b", "<https://w.example/a)b>"));
    }

    @Test
    void escapesKeepTheirSource() {
        assertThat(NeutralMarkdown.parseInline("\\*\\*not bold\\*\\* C:\\temp")).startsWith(new Text("*", "\\*"))
                .contains(new Text(" C:\\temp"));
        assertThat(NeutralMarkdown.plainText("\\[x\\](y)")).isEqualTo("[x](y)");
    }

    @Test
    void quoteBlocks() {
        assertThat(NeutralMarkdown.parseBlocks("said:\n> a\n> b\nend")).containsExactly(
                new Text("said:"), new Text("\n"), new Quote(List.of(new Text("a\nb"))), new Text("\n"), new Text("end"));
    }

    @Test
    void titleSplit() {
        assertThat(TitleSplit.of("acme/widget#7: Add feature: now")).isEqualTo(new TitleSplit("acme/widget#7",
                "Add feature: now"));
        assertThat(TitleSplit.of(": x")).isEqualTo(new TitleSplit(": x", null));
        assertThat(TitleSplit.of("Webhook ping")).isEqualTo(new TitleSplit("Webhook ping", null));
    }

    @Test
    void utf16PrefixKeepsCharactersWhole() {
        assertThat(Utf16Text.prefix("a😀b", 2)).isEqualTo("a");
        assertThat(Utf16Text.prefix("a😀b", 3)).isEqualTo("a😀");
        assertThat(Utf16Text.prefix("ab\u2764\uFE0F", 3)).isEqualTo("ab");
        assertThat(Utf16Text.prefix("a\u200D😀", 2)).isEqualTo("a");
        assertThat(Utf16Text.wellFormed("a\uD800b\uDC00")).isEqualTo("a\uFFFDb\uFFFD");
    }

    @Test
    void webUrls() {
        assertThat(WebUrls.web(" https://github.com/a?b=1&c=2 ")).contains("https://github.com/a?b=1&c=2");
        assertThat(WebUrls.web("HTTP://example.com")).contains("http://example.com");
        assertThat(WebUrls.web("tg://user?id=1")).isEmpty();
        assertThat(WebUrls.telegramLink("tg://user?id=1")).isPresent();
        assertThat(WebUrls.web("https://" + "a".repeat(2100) + ".example")).isEmpty();
        assertThat(WebUrls.web("mailto:a@b.example")).isEmpty();
    }
}
