package dev.webhooker.chat.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

import dev.webhooker.testsupport.LogCapture;

class TelegramWebhookControllerTest {

    @Test
    void withoutASecretNoUpdateRunsAndTheLogSaysWhyOnce() throws Exception {
        // no commands, store or workers: nothing may be reached
        TelegramWebhookController controller = new TelegramWebhookController(new TelegramSettings(" ", Clock.systemUTC()), null, null, null);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/telegram/webhook");
        request.setContent("{\"update_id\":1,\"message\":{\"text\":\"/gh merge\"}}".getBytes());
        try (LogCapture log = new LogCapture(TelegramWebhookController.class)) {
            var first = controller.update(request);
            var second = controller.update(request);
            assertThat(first.getStatusCode().value()).isEqualTo(403);
            assertThat(first.getBody()).isEqualTo("Telegram commands are disabled: TELEGRAM_WEBHOOK_SECRET is not set");
            assertThat(second.getStatusCode().value()).isEqualTo(403);
            assertThat(log.lines()).containsExactly(
                    "WARN Telegram update refused: TELEGRAM_WEBHOOK_SECRET is not set, so no update can be verified and no command runs");
        }
    }
}
