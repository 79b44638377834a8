package dev.webhooker.platform.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.format.NeutralMessage.Author;
import dev.webhooker.format.NeutralMessage.Field;
import dev.webhooker.format.NeutralMessage.Forge;
import dev.webhooker.testsupport.TestKeys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TelegramRendererTest {

    private static final String REPO = "https://github.com/acme/widget";
    private final TelegramRenderer renderer = TestKeys.telegramRenderer();

    private static NeutralMessage message(String title, String url, String description, Author author,
            List<Field> fields, String footer, String timestamp, Forge forge) {
        return new NeutralMessage(title, url, null, description, author, fields, footer, timestamp, null, forge,
                null, null);
    }

    private static NeutralMessage titled(String title, String url) {
        return message(title, url, null, null, null, null, null, null);
    }

    private String text(NeutralMessage message) {
        TelegramMessage rendered = renderer.render(message, null);
        assertThat(rendered.method()).isEqualTo("sendMessage");
        return rendered.text();
    }

    @Test
    void vectorV2PullRequestLineByLine() {
        NeutralMessage pr = message("acme/widget#7: Add feature", REPO + "/pull/7",
                "🟢 **Opened** pull request\n\nImplements the new feature.",
                new Author("octocat", null, "https://github.com/octocat"),
                List.of(new Field("Branch", "[`feature`](" + REPO + "/tree/feature) → [`main`](" + REPO + "/tree/main)",
                        true)),
                "acme/widget", "2026-08-02T21:26:04.042Z", null);

        assertThat(text(pr)).isEqualTo(String.join("\n",
                "<b><a href=\"https://github.com/acme/widget/pull/7\">acme/widget#7</a>: Add feature</b>",
                "👤 <a href=\"https://github.com/octocat\">octocat</a>",
                "🟢 <b>Opened</b> pull request",
                "",
                "Implements the new feature.",
                "<b>Branch</b>: <a href=\"" + REPO + "/tree/feature\"><code>feature</code></a> → <a href=\"" + REPO
                        + "/tree/main\"><code>main</code></a>",
                "<i>acme/widget · 2026-08-02 21:26 UTC</i>"));
    }

    @Test
    void escapedUserTextShowsLiterallyWithoutBackslashes() {
        // the formatter escapes a PR titled **[click](https://evil.example)**
        NeutralMessage pr = titled("acme/widget#7: \\*\\*\\[click\\](https://evil.example)\\*\\*", REPO + "/pull/7");

        assertThat(text(pr)).isEqualTo("<b><a href=\"" + REPO + "/pull/7\">acme/widget#7</a>: **[click](https://evil.example)**</b>");
    }

    @Test
    void theAuthorPrefixFollowsTheGroupsEmojiSetting() {
        Author octocat = new Author("octocat", null, "https://github.com/octocat");
        NeutralMessage on = message("acme/widget: Ping", null, null, octocat, null, null, null, null);
        NeutralMessage off = new NeutralMessage("acme/widget: Ping", null, null, null, octocat, null, null, null, null,
                null, null, null, false);

        assertThat(text(on)).isEqualTo("<b>acme/widget: Ping</b>\n👤 <a href=\"https://github.com/octocat\">octocat</a>");
        assertThat(text(off)).isEqualTo("<b>acme/widget: Ping</b>\n<a href=\"https://github.com/octocat\">octocat</a>");
    }

    @Test
    void vectorV1PushTitleKeepsTheRefLinkInTheSubject() {
        NeutralMessage push = titled("acme/widget: Pushed 1 commit to [`main`](" + REPO + "/tree/main)",
                REPO + "/compare/aaa...bbb");
        assertThat(text(push)).isEqualTo("<b><a href=\"" + REPO + "/compare/aaa...bbb\">acme/widget</a>: Pushed 1 commit to <a href=\""
                + REPO + "/tree/main\"><code>main</code></a></b>");
    }

    @Test
    void section41TestedExamples() {
        assertThat(text(titled("acme/widget: Add feature", REPO)))
                .isEqualTo("<b><a href=\"https://github.com/acme/widget\">acme/widget</a>: Add feature</b>");
        assertThat(text(message("t", null, null, null, null, "acme/widget", null,
                new Forge("GitHub", "https://github.com", "https://github.com/fluidicon.png"))))
                .endsWith("\n<i><a href=\"https://github.com\">GitHub</a> · acme/widget</i>");
        assertThat(text(message("t", null, null, null, null, null, "2026-08-02T21:26:04.042Z", null)))
                .endsWith("\n<i>2026-08-02 21:26 UTC</i>");
        assertThat(text(message("t", null, "[`abcd123`](" + REPO + "/commit/abcd1234ef) fix stuff", null, null, null,
                null, null)))
                .endsWith("\n<a href=\"" + REPO + "/commit/abcd1234ef\"><code>abcd123</code></a> fix stuff");
    }

    @Test
    void titleWithoutSubjectIsLinkedWhole() {
        assertThat(text(titled("Webhook ping", REPO))).isEqualTo("<b><a href=\"" + REPO + "\">Webhook ping</a></b>");
        assertThat(text(titled("Webhook ping", null))).isEqualTo("<b>Webhook ping</b>");
    }

    @Test
    void htmlSpecialCharactersInEveryTextFieldAndUrlAreEscapedExactlyOnce() {
        String nasty = "<script>alert(\"x\")</script> & &amp; 'q'";
        NeutralMessage m = message(nasty + ": " + nasty, "https://example.com/?a=1&b=2", nasty,
                new Author(nasty, null, "https://example.com/u?x=1&y=2"),
                List.of(new Field(nasty, nasty, false)), nasty, nasty,
                new Forge(nasty, "https://example.com/f?a&b", null));
        String html = text(m);

        assertThat(html).doesNotContain("<script>").doesNotContain("&amp;amp;amp;")
                .contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &amp;amp; &#39;q&#39;")
                .contains("<a href=\"https://example.com/?a=1&amp;b=2\">")
                .contains("href=\"https://example.com/u?x=1&amp;y=2\"")
                .contains("href=\"https://example.com/f?a&amp;b\"");
        // Decoding once gives back the author's text exactly: no double escaping anywhere.
        String visible = TelegramHtmlChecker.visibleText(html);
        assertThat(visible).contains(nasty + ": " + nasty).contains("👤 " + nasty).contains(nasty + ": " + nasty);
    }

    @Test
    void markdownLooksAlikeStayLiteral() {
        String html = text(message("t", null, "2*3*4 and `**not bold**` and ~~x~~", null, null, null, null, null));
        assertThat(html).endsWith("\n2*3*4 and <code>**not bold**</code> and ~~x~~");
    }

    @Test
    void urlWithParenthesesAndQueryIsOneLink() {
        String html = text(message("t", null, "[wiki](https://en.wikipedia.org/wiki/Foo_(bar)?a=1&b=2)", null, null,
                null, null, null));
        assertThat(html).endsWith("\n<a href=\"https://en.wikipedia.org/wiki/Foo_(bar)?a=1&amp;b=2\">wiki</a>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)", "ftp://example.com/x", "not a url", "/relative/path",
            "https://", "data:text/html,hi"})
    void invalidUrlsAreDroppedAndTheLabelKept(String url) {
        String html = text(message("head: subject", url, "[label](" + url + ")",
                new Author("octo", url, url), null, null, null, new Forge("Forge", url, null)));
        assertThat(html).doesNotContain("href=").contains("<b>head: subject</b>").contains("label");
        assertThat(TelegramHtmlChecker.visibleText(html)).contains("👤 octo").contains("Forge");
    }

    @Test
    void tgUserLinksAreAllowed() {
        assertThat(text(message("t", null, "[me](tg://user?id=123)", null, null, null, null, null)))
                .endsWith("<a href=\"tg://user?id=123\">me</a>");
    }

    @Test
    void quoteLinesBecomeOneBlockquote() {
        String html = text(message("t", null, "Commented:\n\n> first & <b>\n> second\nafter", null, null, null, null,
                null));
        assertThat(html).endsWith("\nCommented:\n\n<blockquote>first &amp; &lt;b&gt;\nsecond</blockquote>\nafter");
    }

    @Test
    void longDescriptionIsCutOnVisibleLengthKeepingTitleFieldsAndFooter() {
        String description = "**" + "x".repeat(10_000) + "**";
        NeutralMessage m = message("acme/widget#1: T", REPO, description, null,
                List.of(new Field("Branch", "`main`", true)), "acme/widget", null, null);
        String html = text(m);
        String visible = TelegramHtmlChecker.visibleText(html);

        assertThat(visible.length()).isLessThanOrEqualTo(TelegramLimits.MESSAGE_TEXT);
        assertThat(visible.length()).isGreaterThan(TelegramLimits.MESSAGE_TEXT - 10);
        assertThat(html).contains("x</b>…\n<b>Branch</b>: <code>main</code>\n<i>acme/widget</i>");
    }

    @Test
    void cutNeverSplitsAnEntityOrSurrogatePairAndCountsEntitiesAsOneCharacter() {
        // 5000 ampersands: 25,000 bytes of HTML but 5000 visible characters.
        String amps = text(message("t", null, "&".repeat(5000), null, null, null, null, null));
        String visible = TelegramHtmlChecker.visibleText(amps);
        assertThat(visible).hasSize(TelegramLimits.MESSAGE_TEXT).endsWith("&…");

        String emoji = "😀".repeat(3000);
        String cut = TelegramHtmlChecker.visibleText(text(message("t", null, emoji, null, null, null, null, null)));
        assertThat(cut.length()).isLessThanOrEqualTo(TelegramLimits.MESSAGE_TEXT);
        assertThat(cut).endsWith("😀…");
        assertThat(cut.codePoints().filter(cp -> Character.getType(cp) == Character.SURROGATE)).isEmpty();
    }

    @Test
    void unclosedTagsAfterACutAreClosed() {
        String description = "**bold [link `" + "c".repeat(5000) + "`](https://example.com)**";
        String html = text(message("t", null, description, null, null, null, null, null));
        assertThat(html).endsWith("</code></a></b>…");
        assertThat(TelegramHtmlChecker.visibleText(html).length()).isLessThanOrEqualTo(TelegramLimits.MESSAGE_TEXT);
    }

    @Test
    void manyFieldsAreTailCut() {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            fields.add(new Field("f" + i, "y".repeat(2000), true));
        }
        String html = text(message("acme/widget: Deploy failed", null, "x".repeat(5000), null, fields, null, null, null));
        String visible = TelegramHtmlChecker.visibleText(html);
        assertThat(visible.length()).isLessThanOrEqualTo(TelegramLimits.MESSAGE_TEXT);
        assertThat(visible).startsWith("acme/widget: Deploy failed\n").endsWith("…");
    }

    @Test
    void avatarAndRichHeaderHostSendAMessageWithTheLinkPreviewCard() {
        NeutralMessage m = message("acme/widget#7: **Add** feature & more", REPO + "/pull/7", null,
                new Author("octo cat", "https://avatars.githubusercontent.com/u/1?v=4", null), null, null, null, null);
        TelegramMessage rendered = renderer.render(m, "https://hooks.example.com//");

        assertThat(rendered.method()).isEqualTo("sendMessage");
        assertThat(rendered.photoUrl()).isNull();
        String signature = TestKeys.richHeaderLinks()
                .sign("octo cat", "acme/widget#7: Add feature & more", "https://avatars.githubusercontent.com/u/1?v=4");
        assertThat(rendered.linkPreviewOptions().get("url").asText()).isEqualTo(
                "https://hooks.example.com/api/richheader?title=octo+cat&content=acme%2Fwidget%237%3A+Add+feature+%26+more"
                        + "&avatar=https%3A%2F%2Favatars.githubusercontent.com%2Fu%2F1%3Fv%3D4&sig=" + signature);
        assertThat(rendered.linkPreviewOptions().get("prefer_small_media").asBoolean()).isTrue();
        assertThat(rendered.linkPreviewOptions().get("show_above_text").asBoolean()).isTrue();
    }

    @Test
    void avatarWithoutHostSendsThePhotoWithACaptionWithin1024() {
        NeutralMessage m = message("acme/widget#7: Add feature", REPO + "/pull/7", "d".repeat(3000),
                new Author("octocat", "https://avatars.githubusercontent.com/u/1?v=4", null), null, "acme/widget", null,
                null);
        TelegramMessage rendered = renderer.render(m, null);

        assertThat(rendered.method()).isEqualTo("sendPhoto");
        assertThat(rendered.text()).isNull();
        assertThat(rendered.photoUrl()).isEqualTo("https://avatars.githubusercontent.com/u/1?v=4&s=64");
        String caption = TelegramHtmlChecker.visibleText(rendered.caption());
        assertThat(caption.length()).isLessThanOrEqualTo(TelegramLimits.CAPTION);
        assertThat(caption).endsWith("d…\nacme/widget");
        assertThat(TelegramRenderer.smallAvatar("https://x.example/a.png")).isEqualTo("https://x.example/a.png?s=64");
        assertThat(TelegramRenderer.smallAvatar("https://x.example/a.png#f")).isEqualTo("https://x.example/a.png?s=64#f");
    }

    @Test
    void noAvatarOrInvalidAvatarSendsAMessageWithPreviewsDisabled() {
        for (String avatar : new String[] {null, "javascript:x"}) {
            TelegramMessage rendered = renderer.render(
                    message("t", null, null, new Author("octocat", avatar, null), null, null, null, null),
                    "https://hooks.example.com");
            assertThat(rendered.method()).isEqualTo("sendMessage");
            assertThat(rendered.linkPreviewOptions().get("is_disabled").asBoolean()).isTrue();
            assertThat(rendered.photoUrl()).isNull();
        }
    }

    @Test
    void blankMessageStillHasText() {
        assertThat(text(titled("  \n ", null))).isEqualTo("…");
    }

    @Test
    void unparseableTimestampIsShownRaw() {
        assertThat(TelegramRenderer.metaTime("yesterday")).isEqualTo("yesterday");
    }

    @Test
    void thePeopleToMentionAreLinkedByIdOrNamedByUsernameOnALineOfTheirOwn() {
        NeutralMessage asked = titled("acme/widget#7: Review requested", REPO + "/pull/7").withMentionPeople(List.of(
                new dev.webhooker.routing.Group.Person("octocat", java.util.Map.of("telegram", "123456789")),
                new dev.webhooker.routing.Group.Person("hubot", java.util.Map.of("telegram", "@hubot_fan")),
                new dev.webhooker.routing.Group.Person("nobody-here", java.util.Map.of("discord", "300000000000000003"))));

        String text = text(asked);

        assertThat(text).endsWith("\n<a href=\"tg://user?id=123456789\">@octocat</a> @hubot_fan");
        assertThat(text).doesNotContain("nobody-here");
    }
}
