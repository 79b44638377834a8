package dev.webhooker.format;

import java.util.ArrayList;
import java.util.List;

/** Finds emoji in a message that did not come from the payload's own text (tests of the emoji toggle). */
final class EmojiScan {

    private EmojiScan() {
    }

    static List<String> formatterEmoji(NeutralMessage message, String rawPayload) {
        List<String> found = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        texts.add(message.title());
        texts.add(message.description() == null ? "" : message.description());
        for (NeutralMessage.Field field : message.fields()) {
            if (!field.value().matches("^[🟢🟡🟠⬜]+ \\d+/\\d+ \\(\\d+%\\)$")) {
                texts.add(field.value());
            }
            texts.add(field.name());
        }
        for (String text : texts) {
            text.codePoints().filter(EmojiScan::isEmoji)
                    .mapToObj(Character::toString)
                    .filter(emoji -> !rawPayload.contains(emoji))
                    .forEach(found::add);
        }
        return found;
    }

    static boolean isEmoji(int codePoint) {
        return (codePoint >= 0x1F000 && codePoint <= 0x1FAFF)
                || (codePoint >= 0x2600 && codePoint <= 0x27BF)
                || (codePoint >= 0x2B00 && codePoint <= 0x2BFF)
                || codePoint == 0x23F1 || codePoint == 0x23F3 || codePoint == 0x2139;
    }
}
