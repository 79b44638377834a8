package dev.webhooker.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BodyTextTest {

    @Test
    void htmlToTextSpecExamples() {
        assertThat(BodyText.htmlToText("line one<br>line two")).isEqualTo("line one\nline two");
        assertThat(BodyText.htmlToText("<ul><li>first</li><li>second</li></ul>")).isEqualTo("• first\n• second");
    }

    @Test
    void htmlToTextDropsCommentsDecodesEntitiesAndKeepsMarkdown() {
        String body = "<!-- template: describe your change -->\n**Fix** &lt;div&gt; &amp;lt; &#x1F600; &#65;\n\n\n\nend  ";

        assertThat(BodyText.htmlToText(body)).isEqualTo("**Fix** <div> &lt; 😀 A\n\nend");
        assertThat(BodyText.htmlToText("a < b and c > d")).isEqualTo("a < b and c > d");
        assertThat(BodyText.htmlToText("<table><tr><td>a</td><td>b</td></tr></table>")).isEqualTo("a  b");
    }

    @Test
    void excerptsAreCutFromTheCleanText() {
        String body = "<!-- " + "x".repeat(400) + " -->" + "y".repeat(100);

        assertThat(BodyText.paragraphExcerpt(body, 300)).isEqualTo("\n\n" + "y".repeat(100));
        assertThat(BodyText.paragraphExcerpt("z".repeat(301), 300)).isEqualTo("\n\n" + "z".repeat(300) + "...");
        assertThat(BodyText.paragraphExcerpt("  ", 300)).isEmpty();
        assertThat(BodyText.paragraphExcerpt(null, 300)).isEmpty();
    }

    @Test
    void quotedExcerptQuotesEveryLine() {
        assertThat(BodyText.quotedExcerpt("one\ntwo", 500)).isEqualTo("\n\n> one\n> two");
        assertThat(BodyText.quotedExcerpt("", 500)).isEmpty();
    }

    @Test
    void aCutCodeFenceIsClosed() {
        String body = "intro\n```java\n" + "code();\n".repeat(100) + "```";

        String excerpt = BodyText.paragraphExcerpt(body, 300);
        assertThat(excerpt).endsWith("\n```...");
        assertThat(excerpt.split("```", -1)).hasSize(3);
    }

    @Test
    void cutsNeverSplitAnEmoji() {
        String text = "a".repeat(299) + "😀😀";

        assertThat(TextCut.cap(text, 300)).isEqualTo("a".repeat(299));
        assertThat(TextCut.shorten(text, 301)).isEqualTo("a".repeat(299) + "…");
        assertThat(BodyText.paragraphExcerpt(text, 300)).isEqualTo("\n\n" + "a".repeat(299) + "...");
    }

    @Test
    void commitSubject() {
        assertThat(BodyText.commitSubject("Fix bug\n\nLong body")).isEqualTo("Fix bug");
        assertThat(BodyText.commitSubject("x".repeat(250))).hasSize(200);
        assertThat(BodyText.commitSubject("\n\n")).isNull();
    }
}
