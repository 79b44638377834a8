package dev.webhooker.chat;

import java.util.Map;

import org.springframework.web.util.HtmlUtils;

import dev.webhooker.actions.ActionError;
import dev.webhooker.actions.ActionOutcome;
import dev.webhooker.format.I18n;

/**
 * The bot's replies from the {@code chat} section of the message dictionaries (en and zh built in, KV
 * {@code i18n:{lang}} overrides as for notifications), chosen by Discord's {@code locale} or Telegram's
 * {@code language_code}. Templates are plain text: Discord shows them as they are, Telegram gets them
 * HTML-escaped whole, so a login or a GitHub message can never break the markup.
 */
public final class ChatTexts {

    private final I18n i18n;

    public ChatTexts(I18n i18n) {
        this.i18n = i18n;
    }

    public String text(String lang, String key) {
        return text(lang, key, Map.of());
    }

    public String text(String lang, String key, Map<String, ?> params) {
        return i18n.t(lang, "chat." + key, params);
    }

    /** The same text as valid Telegram HTML. */
    public String html(String lang, String key, Map<String, ?> params) {
        return HtmlUtils.htmlEscape(text(lang, key, params));
    }

    /** Why an action did not happen, with GitHub's own short reason where it gave one. */
    public String failure(String lang, ActionOutcome outcome) {
        ActionError error = outcome.error();
        String text = i18n.t(lang, error.textKey(), Map.of());
        return outcome.githubMessage() == null ? text : text + " " + text(lang, "github_says", Map.of("message", outcome.githubMessage()));
    }

    public String failure(String lang, ActionError error) {
        return i18n.t(lang, error.textKey(), Map.of());
    }
}
