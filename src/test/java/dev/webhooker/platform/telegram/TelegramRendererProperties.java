package dev.webhooker.platform.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.RandomMessages;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.testsupport.TestKeys;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TelegramRendererProperties {

    private final TelegramRenderer renderer = TestKeys.telegramRenderer();

    @Property(tries = 300)
    void outputIsValidTelegramHtmlWithinTheLimit(@ForAll("messages") NeutralMessage message,
            @ForAll("hosts") String host) {
        TelegramMessage rendered = renderer.render(message, host);
        String html;
        int limit;
        if (rendered.method().equals(TelegramMessage.SEND_PHOTO)) {
            assertThat(rendered.text()).isNull();
            assertThat(rendered.photoUrl()).matches("https?://.+");
            html = rendered.caption();
            limit = TelegramLimits.CAPTION;
        } else {
            assertThat(rendered.method()).isEqualTo(TelegramMessage.SEND_MESSAGE);
            assertThat(rendered.linkPreviewOptions()).isNotNull();
            html = rendered.text();
            limit = TelegramLimits.MESSAGE_TEXT;
        }
        String visible = TelegramHtmlChecker.visibleText(html);
        assertThat(visible.length()).isLessThanOrEqualTo(limit);
        if (rendered.method().equals(TelegramMessage.SEND_MESSAGE)) {
            assertThat(visible).isNotBlank();
        }
        assertThat(visible.codePoints().filter(cp -> Character.getType(cp) == Character.SURROGATE)).isEmpty();
        assertThat(html).doesNotContainIgnoringCase("<script");
    }

    @Property(tries = 300)
    void structuredTextStaysWithinTheLimit(@ForAll("structured") NeutralMessage message) {
        String html = renderer.render(message, null).text();
        if (html != null) {
            assertThat(TelegramHtmlChecker.visibleText(html).length()).isLessThanOrEqualTo(TelegramLimits.MESSAGE_TEXT);
        }
    }

    /** Decoding the output once gives back the author's text: it was escaped exactly once. */
    @Property(tries = 500)
    void plainTextIsEscapedExactlyOnce(@ForAll("shortText") String footer, @ForAll("shortText") String name) {
        NeutralMessage message = new NeutralMessage("t", null, null, null,
                new NeutralMessage.Author(name, null, null), null, footer, null, null, null, null, null);
        String visible = TelegramHtmlChecker.visibleText(renderer.render(message, null).text());
        assertThat(visible).contains(Utf16Text.wellFormed(footer).strip());
        assertThat(visible).contains(Utf16Text.wellFormed(name).strip());
    }

    @Provide
    Arbitrary<NeutralMessage> messages() {
        return RandomMessages.messages();
    }

    @Provide
    Arbitrary<NeutralMessage> structured() {
        return RandomMessages.messages(RandomMessages.structuredText());
    }

    @Provide
    Arbitrary<String> hosts() {
        return Arbitraries.of("https://hooks.example.com/", "hooks.example.com", "", "bad host with spaces")
                .injectNull(0.3);
    }

    @Provide
    Arbitrary<String> shortText() {
        return Arbitraries.strings().withChars("<>&\"'ab &;#x😀שׁ\u202E").ofMinLength(1).ofMaxLength(40)
                .filter(s -> !s.isBlank());
    }
}
