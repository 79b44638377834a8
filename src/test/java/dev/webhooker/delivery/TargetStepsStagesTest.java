package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/**
 * The stages of one in-place target send as values, without Camel: each step of {@link TargetSteps} takes one value
 * and gives the next, the route's requests made here by hand. The tracking and lock rows are real (H2).
 */
class TargetStepsStagesTest {

    private static final String EVENT_ID = "g1:ci:workflow_run:acme/widget:7";
    private static final String RUN = "{\"action\":\"%s\",\"repository\":{\"full_name\":\"acme/widget\"},"
            + "\"workflow_run\":{\"id\":7,\"status\":\"in_progress\",\"updated_at\":\"2026-12-02T11:00:00Z\"}}";

    private DataSource ds;
    private TestClock clock;
    private TargetSteps steps;
    private final List<String> requests = new ArrayList<>();

    @BeforeEach
    void setUp() {
        ds = TestDatabases.h2();
        clock = new TestClock(Instant.parse("2026-12-02T12:00:00Z"));
        Group group = new Group("g1", "Team", null, null, null, null, null, true, null, "en", null, false);
        RouteCatalog catalog = EngineHarness.catalog(List.of(group), List.of(new Route("ci", "g1", "CI", true, List.of(),
                null, List.of(new DiscordTarget("111", null)), false, false, List.of())));
        PlatformCalls calls = (target, message, edit, idempotencyKey) -> {
            requests.add(edit == null ? "create" : "edit " + edit);
            return PlatformCall.to(edit == null ? "discord:createMessage" : "discord:editMessage", message);
        };
        DeliveryProperties settings = EngineHarness.settings(Duration.ofSeconds(30));
        steps = new TargetSteps(catalog, EngineHarness.composer(clock), EngineHarness.renderers(), calls,
                new MessageTracking(ds, clock), new MessageLocks(ds, clock), null,
                new TargetHealth(ds, settings.failureStreak()), settings, DeliveryMeters.none(), clock);
    }

    @AfterEach
    void tearDown() throws Exception {
        DeliveryEngineContract.close(ds);
    }

    @Test
    void aRefusedEditIsFollowedByOneNewMessageAndEveryStageStaysWhatItWas() {
        track("gone-1", null);

        PreparedSend edit = steps.prepare(due("completed"));
        assertThat(steps.requestDue(edit)).isTrue();
        assertThat(edit.request().step()).isEqualTo(PreparedSend.Step.EDIT);
        assertThat(steps.endpoint(edit)).isEqualTo("discord:editMessage");
        assertThat(lockHolders()).as("taken by prepare").containsExactly("token-1");

        AnsweredSend refused = steps.answered(edit, SendOutcome.failure(ErrorCode.refusedBy("discord"), 404,
                "{\"message\": \"Unknown Message\", \"code\": 10008}", 1));
        assertThat(steps.refused(refused)).isTrue();

        PreparedSend anew = steps.sendAnew(refused);
        assertThat(anew.request().step()).isEqualTo(PreparedSend.Step.SEND_IN_PLACE);
        assertThat(requests).containsExactly("edit gone-1", "create");
        assertThat(trackedId()).as("the refused message is forgotten").isNull();
        assertThat(edit.request().step()).as("the edit's value is unchanged").isEqualTo(PreparedSend.Step.EDIT);
        assertThat(edit.inPlace().messageId()).isEqualTo("gone-1");

        AnsweredSend sent = steps.answered(anew, SendOutcome.success(200, "9001", 1));
        assertThat(steps.refused(sent)).as("a new message is never sent twice").isFalse();
        TargetOutcome outcome = steps.settle(sent);

        assertThat(outcome.outcome().ok()).isTrue();
        assertThat(outcome.outcome().messageId()).isEqualTo("9001");
        assertThat(outcome.outcome().tries()).as("the refused edit's request counts").isEqualTo(2);
        assertThat(outcome.deferred()).isFalse();
        assertThat(outcome.logs()).singleElement().satisfies(l -> assertThat(l.ok()).isTrue());
        assertThat(trackedId()).isEqualTo("9001");

        steps.release(anew);
        assertThat(lockHolders()).isEmpty();
    }

    @Test
    void anEditThatWorkedIsTheTrackedMessageDeliveredAndAFailureTheScheduleRetriesIsNotSentAnew() {
        track("m-1", null);
        PreparedSend edit = steps.prepare(due("completed"));

        AnsweredSend failing = steps.answered(edit, SendOutcome.failure(ErrorCode.NETWORK, null, "connection reset", 1));
        assertThat(steps.refused(failing)).isFalse();
        assertThat(steps.settle(failing).outcome().errorCode()).isEqualTo(ErrorCode.NETWORK);
        assertThat(trackedId()).as("kept for the retry").isEqualTo("m-1");

        TargetOutcome edited = steps.settle(steps.answered(edit, SendOutcome.success(200, null, 1)));
        assertThat(edited.outcome().ok()).isTrue();
        assertThat(edited.outcome().messageId()).isEqualTo("m-1");
        steps.release(edit);
        assertThat(lockHolders()).isEmpty();
    }

    @Test
    void aStaleEventMakesNoRequestAndStillReleasesTheLock() {
        track("m-1", Long.MAX_VALUE);

        PreparedSend stale = steps.prepare(due("in_progress"));

        assertThat(steps.requestDue(stale)).isFalse();
        assertThat(requests).isEmpty();
        TargetOutcome outcome = steps.settle(stale);
        assertThat(outcome.outcome().ok()).isTrue();
        assertThat(outcome.outcome().messageId()).isEqualTo("m-1");
        assertThat(outcome.logs()).singleElement().satisfies(l -> assertThat(l.detail()).contains("stale_update"));
        assertThat(lockHolders()).containsExactly("token-1");
        steps.release(stale);
        assertThat(lockHolders()).isEmpty();
    }

    @Test
    void aMessageAnotherWorkerHoldsIsDeferredWithoutRequestAndItsLockIsLeftAlone() {
        track("m-1", null);
        assertThat(new MessageLocks(ds, clock).tryLock(EVENT_ID, "111", "other-worker", Duration.ofSeconds(60))).isTrue();

        PreparedSend deferred = steps.prepare(due("completed"));

        assertThat(steps.requestDue(deferred)).isFalse();
        assertThat(requests).isEmpty();
        TargetOutcome outcome = steps.settle(deferred);
        assertThat(outcome.deferred()).isTrue();
        assertThat(outcome.outcome()).isNull();
        assertThat(outcome.logs()).isEmpty();
        steps.release(deferred);
        assertThat(lockHolders()).containsExactly("other-worker");
    }

    private DueSend due(String action) {
        ClaimedDelivery claim = new ClaimedDelivery("k1", "d1", "github", "workflow_run", "g1", null, null, null,
                clock.millis(), 1, "token-1", null);
        DeliveryAttempt attempt = new DeliveryAttempt(claim, DeliveryTracing.none().continueDelivery(null));
        DeliveryTarget target = new DeliveryTarget("k1", "g1", "ci", 0, "CI", new DiscordTarget("111", null),
                TargetProgress.fresh(clock.instant()), null, null, null, null);
        try {
            attempt.resolved(new WebhookEvent("github", "workflow_run",
                    (com.fasterxml.jackson.databind.node.ObjectNode) EngineHarness.JSON.readTree(RUN.formatted(action)), null,
                    "g1"), List.of(target));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return new DueSend(attempt, target);
    }

    private void track(String messageId, Long order) {
        new MessageTracking(ds, clock).save(EVENT_ID, "111", messageId, order);
    }

    private String trackedId() {
        return new MessageTracking(ds, clock).find(EVENT_ID, "111").map(MessageTracking.Tracked::messageId).orElse(null);
    }

    private List<String> lockHolders() {
        return new org.springframework.jdbc.core.JdbcTemplate(ds).queryForList(
                "SELECT locked_by FROM message_locks WHERE event_id = ? AND target_id = '111'", String.class, EVENT_ID);
    }
}
