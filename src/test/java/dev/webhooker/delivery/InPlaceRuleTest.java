package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InPlaceRuleTest {

    @Test
    void withNoTrackedMessageANewOneIsSent() {
        assertThat(InPlaceRule.start(false, 5L, null)).isEqualTo(InPlaceRule.Start.SEND_NEW);
        assertThat(InPlaceRule.start(false, null, null)).isEqualTo(InPlaceRule.Start.SEND_NEW);
    }

    @Test
    void aTrackedMessageIsEditedUnlessTheEventIsOlderThanWhatItShows() {
        assertThat(InPlaceRule.start(true, 5L, 3L)).isEqualTo(InPlaceRule.Start.EDIT);
        assertThat(InPlaceRule.start(true, 3L, 3L)).isEqualTo(InPlaceRule.Start.EDIT);
        assertThat(InPlaceRule.start(true, null, 3L)).as("an unknown order proves nothing stale").isEqualTo(InPlaceRule.Start.EDIT);
        assertThat(InPlaceRule.start(true, 2L, 3L)).isEqualTo(InPlaceRule.Start.SKIP_STALE);
    }

    @Test
    void anEditThatWorkedOrChangedNothingIsDone() {
        assertThat(InPlaceRule.afterEdit(SendOutcome.success(200, "m1", 1))).isEqualTo(InPlaceRule.AfterEdit.EDITED);
        assertThat(InPlaceRule.afterEdit(SendOutcome.failure(ErrorCode.refusedBy("telegram"), 400,
                "Bad Request: message is not modified", 1))).isEqualTo(InPlaceRule.AfterEdit.EDITED);
    }

    @Test
    void aFailureTheScheduleRetriesKeepsTheMessageAndAnyOtherRefusalSendsANewOne() {
        assertThat(InPlaceRule.afterEdit(SendOutcome.failure(ErrorCode.NETWORK, null, "connection reset", 1)))
                .isEqualTo(InPlaceRule.AfterEdit.RETRY_LATER);
        assertThat(InPlaceRule.afterEdit(SendOutcome.failure(ErrorCode.serverErrorOf("discord"), 502, "Bad Gateway", 1)))
                .isEqualTo(InPlaceRule.AfterEdit.RETRY_LATER);
        assertThat(InPlaceRule.afterEdit(SendOutcome.failure(ErrorCode.refusedBy("discord"), 404,
                "{\"message\": \"Unknown Message\", \"code\": 10008}", 1))).isEqualTo(InPlaceRule.AfterEdit.SEND_NEW);
    }
}
