package dev.webhooker.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.webhooker.platform.telegram.RichHeaderLinks;
import dev.webhooker.platform.telegram.TelegramRenderer;

/** Fixed keys for tests that render without the application (its keys come from WEBHOOKER_SECRET_KEY). */
public final class TestKeys {

    private TestKeys() {
    }

    public static RichHeaderLinks richHeaderLinks() {
        return new RichHeaderLinks(List.of("a rich-header key for tests".getBytes(StandardCharsets.UTF_8)));
    }

    public static TelegramRenderer telegramRenderer() {
        return new TelegramRenderer(richHeaderLinks());
    }
}
