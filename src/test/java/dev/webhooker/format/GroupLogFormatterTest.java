package dev.webhooker.format;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GroupLogFormatterTest {

    private final GroupLogFormatter formatter = new GroupLogFormatter(I18n.builtInOnly(), TestEvents.CLOCK);

    @Test
    void successfulDelivery() {
        NeutralMessage m = formatter.format(List.of(new GroupLogLine("Push Route", "111", true, null)),
                "push", "owner/repo", null, "deliv-1", "en", true);

        assertThat(m.title()).isEqualTo("owner/repo: push");
        assertThat(m.color()).isEqualTo(0x3fb950);
        assertThat(m.fields()).containsExactly(
                new NeutralMessage.Field("Routes", "✅ Push Route → 111", false),
                new NeutralMessage.Field("Delivery", "deliv-1", true));
        assertThat(m.author()).isNull();
        assertThat(m.url()).isNull();
        assertThat(m.footer()).isNull();
        assertThat(m.timestamp()).isEqualTo("2026-08-02T21:26:04.042Z");
    }

    @Test
    void failureIsRedAndNamesTheError() {
        NeutralMessage m = formatter.format(List.of(
                        new GroupLogLine("Push Route", "111", false, "Missing Permissions"),
                        new GroupLogLine("Push Route", "222", false, null)),
                "pull_request", null, "opened", null, "en", true);

        assertThat(m.title()).isEqualTo("-: pull_request: opened");
        assertThat(m.color()).isEqualTo(0xf85149);
        assertThat(m.fields().get(0).value()).isEqualTo("❌ Push Route → 111: Missing Permissions\n❌ Push Route → 222: ?");
        assertThat(m.fields().get(1).value()).isEqualTo("-");
    }

    @Test
    void emojiOffLocalizedAndInTheGivenOrder() {
        NeutralMessage m = formatter.format(List.of(
                        new GroupLogLine("B", "2", true, null),
                        new GroupLogLine("A", "1", false, "boom")),
                "push", "o/r", null, "d", "zh", false);

        assertThat(m.fields().get(0)).isEqualTo(new NeutralMessage.Field("路由", "B → 2\nA → 1: boom", false));
        assertThat(m.fields().get(1).name()).isEqualTo("投递");
        assertThat(EmojiScan.formatterEmoji(m, "")).isEmpty();
        assertThat(m.emoji()).isFalse();
    }

    @Test
    void firstTenLinesThenACount() {
        List<GroupLogLine> lines = new ArrayList<>();
        for (int i = 1; i <= 13; i++) {
            lines.add(new GroupLogLine("R" + i, "t", true, null));
        }
        NeutralMessage m = formatter.format(lines, "push", "o/r", null, "d", "en", true);

        String[] shown = m.fields().get(0).value().split("\n");
        assertThat(shown).hasSize(11);
        assertThat(shown[0]).isEqualTo("✅ R1 → t");
        assertThat(shown[9]).isEqualTo("✅ R10 → t");
        assertThat(shown[10]).isEqualTo("… +3");
    }
}
