package dev.webhooker.chat.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class TelegramCommandTest {

    @Test
    void theBodyKeepsItsLines() {
        assertThat(TelegramCommand.parse("/gh comment first line\n\n  second line\n", "hookbot", false))
                .contains(new TelegramCommand("comment", "first line\n\n  second line"));
    }

    @Test
    void aMentionOfThisBotIsTakenAndOfAnotherIsNot() {
        assertThat(TelegramCommand.parse("/gh@HookBot merge rebase", "hookbot", false)).contains(new TelegramCommand("merge", "rebase"));
        assertThat(TelegramCommand.parse("/gh@otherbot merge", "hookbot", false)).isEmpty();
        assertThat(TelegramCommand.parse("/gh@hookbot merge", null, false)).isEmpty();
    }

    @Test
    void onlyTheCommandItself() {
        assertThat(TelegramCommand.parse("/ghost", "hookbot", false)).isEmpty();
        assertThat(TelegramCommand.parse("hello /gh login", "hookbot", false)).isEmpty();
        assertThat(TelegramCommand.parse("/gh", "hookbot", false)).contains(new TelegramCommand("", ""));
        assertThat(TelegramCommand.parse("  /gh\tlogout", "hookbot", false)).contains(new TelegramCommand("logout", ""));
        assertThat(TelegramCommand.parse(null, "hookbot", false)).isEmpty();
    }

    @Test
    void theStartDeepLinkIsALoginInPrivateChatsOnly() {
        assertThat(TelegramCommand.parse("/start login", "hookbot", true)).contains(new TelegramCommand("login", ""));
        assertThat(TelegramCommand.parse("/start login", "hookbot", false)).isEmpty();
    }

    @Test
    void replyTargetsReadEntitiesTextAndCaptions() throws Exception {
        var message = new ObjectMapper().readTree("""
                {"text": "📦 acme/widget ✨ see https://github.com/acme/widget/issues/4",
                 "entities": [{"type": "text_link", "offset": 0, "length": 2, "url": "https://github.com/acme/widget/pull/7"},
                              {"type": "url", "offset": 21, "length": 39}],
                 "caption": "photo", "caption_entities": [{"type": "text_link", "offset": 0, "length": 5, "url": "https://github.com/a/b/pull/1"}]}
                """);
        List<String> texts = ReplyTargets.texts(message);
        assertThat(texts).containsExactly("https://github.com/acme/widget/pull/7", "https://github.com/acme/widget/issues/4",
                "📦 acme/widget ✨ see https://github.com/acme/widget/issues/4", "https://github.com/a/b/pull/1", "photo");
    }

    @Test
    void entityOffsetsOutsideTheTextAreIgnored() throws Exception {
        var message = new ObjectMapper().readTree("{\"text\": \"short\", \"entities\": [{\"type\": \"url\", \"offset\": 3, \"length\": 40}]}");
        assertThat(ReplyTargets.texts(message)).containsExactly("short");
    }
}
