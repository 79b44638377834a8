package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadRuleTest {

    @Test
    void aPostThatWorkedIsInTheThread() {
        assertThat(ThreadRule.afterPost(SendOutcome.success(200, "5002", 1))).isEqualTo(ThreadRule.AfterPost.POSTED);
    }

    @Test
    void aFailureTheScheduleRetriesKeepsTheThread() {
        assertThat(ThreadRule.afterPost(SendOutcome.failure(ErrorCode.NETWORK, null, "connection reset", 1)))
                .isEqualTo(ThreadRule.AfterPost.RETRY_LATER);
        assertThat(ThreadRule.afterPost(SendOutcome.failure(ErrorCode.serverErrorOf("discord"), 502, "bad gateway", 1)))
                .isEqualTo(ThreadRule.AfterPost.RETRY_LATER);
    }

    @Test
    void aRefusalForGoodStartsANewThread() {
        assertThat(ThreadRule.afterPost(SendOutcome.failure(ErrorCode.refusedBy("discord"), 404,
                "{\"message\": \"Unknown Channel\", \"code\": 10003}", 1))).isEqualTo(ThreadRule.AfterPost.START_ANEW);
        assertThat(ThreadRule.afterPost(SendOutcome.failure(ErrorCode.refusedBy("telegram"), 400,
                "Bad Request: message to be replied not found", 1))).isEqualTo(ThreadRule.AfterPost.START_ANEW);
    }
}
