package dev.webhooker.chat.telegram;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code /gh} command in a message text: {@code /gh} or
 * {@code /gh@thisbot}, then a subcommand, then the body exactly as written (newlines kept). A command
 * addressed to another bot is not ours. In a private chat, {@code /start login} (the deep link the bot
 * hands out in groups) is {@code /gh login}.
 */
record TelegramCommand(String subcommand, String body) {

    private static final Pattern GH = Pattern.compile("^/gh(?:@(?<bot>[A-Za-z0-9_]{1,64}))?(?=\\s|$)(?<rest>[\\s\\S]*)$");
    private static final Pattern START = Pattern.compile("^/start(?:@[A-Za-z0-9_]{1,64})?\\s+login\\s*$");

    /** @param botUsername the bot's username without {@code @}; null when unknown (then {@code /gh@…} is not taken) */
    static Optional<TelegramCommand> parse(String text, String botUsername, boolean privateChat) {
        if (text == null) {
            return Optional.empty();
        }
        String trimmed = text.stripLeading();
        if (privateChat && START.matcher(trimmed).matches()) {
            return Optional.of(new TelegramCommand("login", ""));
        }
        Matcher m = GH.matcher(trimmed);
        if (!m.matches()) {
            return Optional.empty();
        }
        String bot = m.group("bot");
        if (bot != null && (botUsername == null || !bot.toLowerCase(Locale.ROOT).equals(botUsername.toLowerCase(Locale.ROOT)))) {
            return Optional.empty();
        }
        String rest = m.group("rest").stripLeading();
        int end = 0;
        while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
            end++;
        }
        return Optional.of(new TelegramCommand(rest.substring(0, end), rest.substring(end).strip()));
    }
}
