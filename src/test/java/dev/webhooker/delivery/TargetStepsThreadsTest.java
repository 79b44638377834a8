package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/**
 * A target with {@code threads: true}, step by step without Camel: the first message about a pull request starts its
 * thread, later ones go into it, a thread that refuses a message is started anew, and the thread's lock keeps two
 * events about one pull request apart. The platform's requests are recorded by hand; the tracking and lock rows are
 * real (H2).
 */
class TargetStepsThreadsTest {

    private static final String THREAD = "g1:#thread:Codertocat/Hello-World#2";

    private DataSource ds;
    private TestClock clock;
    private final List<String> requests = new ArrayList<>();
    /** Whether the fake platform starts threads on a message (Discord) or replies to it (Telegram, Slack). */
    private boolean startsThreads = true;
    /** Whether the fake platform asks for the first message of a thread on its own (a forum opens a post with it). */
    private boolean opensThreads = false;
    private TargetSteps steps;

    @BeforeEach
    void setUp() {
        ds = TestDatabases.h2();
        clock = new TestClock(Instant.parse("2026-12-03T12:00:00Z"));
        Group group = new Group("g1", "Team", null, null, null, null, null, true, null, "en", null, false);
        RouteCatalog catalog = EngineHarness.catalog(List.of(group), List.of(new Route("prs", "g1", "PRs", true, List.of(),
                null, List.of(new DiscordTarget("111", null, true)), false, false, List.of())));
        PlatformCalls calls = new PlatformCalls() {
            @Override
            public PlatformCall call(Target target, RenderedMessage message, String edit, String idempotencyKey) {
                requests.add(edit == null ? "post to channel" : "edit " + edit + " in channel");
                return PlatformCall.to(edit == null ? "discord:createMessage" : "discord:editMessage", message);
            }

            @Override
            public PlatformCall callInThread(Target target, RenderedMessage message, String root, String edit,
                                             String idempotencyKey) {
                requests.add(edit == null ? "post in " + root : "edit " + edit + " in " + root);
                return PlatformCall.to(edit == null ? "discord:createMessage" : "discord:editMessage", message);
            }

            @Override
            public PlatformCall openThread(Target target, RenderedMessage message, String title, String idempotencyKey) {
                if (!opensThreads) {
                    return PlatformCalls.super.openThread(target, message, title, idempotencyKey);
                }
                requests.add("open thread '" + title + "'");
                return PlatformCall.to("discord:openThread", message);
            }

            @Override
            public Optional<PlatformCall> startThread(Target target, String messageId, String title) {
                if (!startsThreads) {
                    return Optional.empty();
                }
                requests.add("start thread '" + title + "' on " + messageId);
                return Optional.of(PlatformCall.to("discord:startThread", title));
            }
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
    void theFirstMessageStartsTheThreadAndTheNextGoesIntoIt() {
        PreparedSend opened = steps.prepare(due("pull_request", "opened"));
        assertThat(lockHolders()).as("the thread's lock, taken by prepare").containsExactly("token-1");
        AnsweredSend posted = steps.answered(opened, SendOutcome.success(200, "5001", 1));
        assertThat(steps.refused(posted)).isFalse();

        SendStage start = steps.startThread(posted);
        assertThat(steps.requestDue(start)).isTrue();
        assertThat(steps.endpoint((PreparedSend) start)).isEqualTo("discord:startThread");
        TargetOutcome outcome = steps.settle(steps.answered((PreparedSend) start, SendOutcome.success(201, "5001", 1)));

        assertThat(requests).containsExactly("post to channel",
                "start thread '#2 Update the README with new information.' on 5001");
        assertThat(outcome.outcome().ok()).isTrue();
        assertThat(outcome.outcome().messageId()).as("the message, not the thread").isEqualTo("5001");
        assertThat(root()).isEqualTo("5001");
        steps.release((PreparedSend) start);
        assertThat(lockHolders()).isEmpty();

        requests.clear();
        PreparedSend review = steps.prepare(due("pull_request_review", "submitted"));
        AnsweredSend inThread = steps.answered(review, SendOutcome.success(200, "5002", 1));
        assertThat(steps.startThread(inThread)).as("no second thread").isSameAs(inThread);
        assertThat(steps.settle(inThread).outcome().messageId()).isEqualTo("5002");
        assertThat(requests).containsExactly("post in 5001");
        assertThat(root()).isEqualTo("5001");
        steps.release(review);
    }

    @Test
    void whereRepliesAreTheThreadTheFirstMessageIsItsRoot() {
        startsThreads = false;
        PreparedSend opened = steps.prepare(due("pull_request", "opened"));
        AnsweredSend posted = steps.answered(opened, SendOutcome.success(200, "77", 1));

        assertThat(steps.startThread(posted)).isSameAs(posted);
        steps.settle(posted);
        steps.release(opened);
        assertThat(root()).isEqualTo("77");

        steps.release(steps.prepare(due("pull_request", "closed")));
        assertThat(requests).containsExactly("post to channel", "post in 77");
    }

    @Test
    void aForumOpensAPostWithTheFirstMessageAndTheNextGoesIntoIt() {
        opensThreads = true;
        PreparedSend opened = steps.prepare(due("pull_request", "opened"));
        AnsweredSend posted = steps.answered(opened, SendOutcome.success(201, "7001", 2).inThread("post:7001"));

        assertThat(steps.refused(posted)).isFalse();
        assertThat(steps.startThread(posted)).as("the post is the thread").isSameAs(posted);
        TargetOutcome outcome = steps.settle(posted);
        steps.release(opened);
        assertThat(outcome.outcome().ok()).isTrue();
        assertThat(outcome.outcome().messageId()).isEqualTo("7001");
        assertThat(root()).isEqualTo("post:7001");

        PreparedSend review = steps.prepare(due("pull_request_review", "submitted"));
        steps.settle(steps.answered(review, SendOutcome.success(200, "7002", 1)));
        steps.release(review);
        assertThat(requests).containsExactly("open thread '#2 Update the README with new information.'",
                "post in post:7001");
        assertThat(root()).isEqualTo("post:7001");
    }

    @Test
    void aThreadOpenedForAMessageThatThenFailedIsKeptForTheRetry() {
        opensThreads = true;
        PreparedSend opened = steps.prepare(due("pull_request", "opened"));
        AnsweredSend failed = steps.answered(opened, SendOutcome.failure(ErrorCode.NETWORK, null, "connection reset", 3)
                .inThread("topic:42"));

        assertThat(steps.refused(failed)).isFalse();
        assertThat(steps.settle(failed).outcome().errorCode()).isEqualTo(ErrorCode.NETWORK);
        steps.release(opened);
        assertThat(root()).isEqualTo("topic:42");

        steps.release(steps.prepare(due("pull_request", "opened")));
        assertThat(requests).as("the retry goes into the thread opened")
                .containsExactly("open thread '#2 Update the README with new information.'", "post in topic:42");
    }

    @Test
    void aForumPostThatRefusesTheMessageIsOpenedAnew() {
        opensThreads = true;
        track("post:7001");
        PreparedSend inOld = steps.prepare(due("pull_request", "closed"));
        PreparedSend anew = steps.sendAnew(steps.answered(inOld, SendOutcome.failure(ErrorCode.refusedBy("discord"), 404,
                "{\"message\": \"Unknown Channel\", \"code\": 10003}", 1)));
        AnsweredSend posted = steps.answered(anew, SendOutcome.success(201, "7101", 2).inThread("post:7101"));

        assertThat(steps.startThread(posted)).isSameAs(posted);
        TargetOutcome outcome = steps.settle(posted);
        steps.release(anew);
        assertThat(requests).containsExactly("post in post:7001",
                "open thread '#2 Update the README with new information.'");
        assertThat(outcome.outcome().tries()).isEqualTo(3);
        assertThat(outcome.logs()).last().satisfies(l -> assertThat(l.detail()).contains("started anew"));
        assertThat(root()).isEqualTo("post:7101");
    }

    @Test
    void aThreadThatRefusesTheMessageIsStartedAnewFromTheChannel() {
        track("4000");
        PreparedSend inOld = steps.prepare(due("pull_request", "closed"));
        AnsweredSend refused = steps.answered(inOld, SendOutcome.failure(ErrorCode.refusedBy("discord"), 404,
                "{\"message\": \"Unknown Channel\", \"code\": 10003}", 1));
        assertThat(steps.refused(refused)).isTrue();

        PreparedSend anew = steps.sendAnew(refused);
        AnsweredSend posted = steps.answered(anew, SendOutcome.success(200, "6001", 1));
        assertThat(steps.refused(posted)).as("the channel is the last place tried").isFalse();
        SendStage start = steps.startThread(posted);
        TargetOutcome outcome = steps.settle(steps.answered((PreparedSend) start, SendOutcome.success(201, "6001", 1)));
        steps.release((PreparedSend) start);

        assertThat(requests).containsExactly("post in 4000", "post to channel",
                "start thread '#2 Update the README with new information.' on 6001");
        assertThat(outcome.outcome().ok()).isTrue();
        assertThat(outcome.outcome().tries()).as("the refused post counts").isEqualTo(2);
        assertThat(outcome.logs()).last().satisfies(l -> assertThat(l.detail()).contains("started anew"));
        assertThat(root()).isEqualTo("6001");
        assertThat(lockHolders()).isEmpty();
    }

    @Test
    void aMessageRefusedInTheChannelTooLeavesTheThreadAsItWas() {
        track("4000");
        PreparedSend inOld = steps.prepare(due("pull_request", "closed"));
        SendOutcome badRequest = SendOutcome.failure(ErrorCode.refusedBy("discord"), 400,
                "{\"message\": \"Invalid Form Body\", \"code\": 50035}", 1);
        PreparedSend anew = steps.sendAnew(steps.answered(inOld, badRequest));
        AnsweredSend refusedAgain = steps.answered(anew, badRequest);

        assertThat(steps.refused(refusedAgain)).isFalse();
        assertThat(steps.startThread(refusedAgain)).isSameAs(refusedAgain);
        TargetOutcome outcome = steps.settle(refusedAgain);
        steps.release(anew);

        assertThat(outcome.outcome().ok()).isFalse();
        assertThat(outcome.outcome().tries()).isEqualTo(2);
        assertThat(root()).as("not forgotten for a message nobody takes").isEqualTo("4000");
    }

    @Test
    void aFailureTheScheduleRetriesKeepsTheThread() {
        track("4000");
        PreparedSend inThread = steps.prepare(due("pull_request", "closed"));
        AnsweredSend failing = steps.answered(inThread, SendOutcome.failure(ErrorCode.NETWORK, null, "connection reset", 1));

        assertThat(steps.refused(failing)).isFalse();
        assertThat(steps.settle(failing).outcome().errorCode()).isEqualTo(ErrorCode.NETWORK);
        steps.release(inThread);
        assertThat(requests).containsExactly("post in 4000");
        assertThat(root()).isEqualTo("4000");
    }

    @Test
    void aThreadAnotherWorkerIsStartingDefersTheSendWithoutRequest() {
        assertThat(new MessageLocks(ds, clock).tryLock(THREAD, "111", "other-worker", Duration.ofSeconds(60))).isTrue();

        PreparedSend deferred = steps.prepare(due("pull_request_review", "submitted"));

        assertThat(steps.requestDue(deferred)).isFalse();
        assertThat(steps.settle(deferred).deferred()).isTrue();
        steps.release(deferred);
        assertThat(requests).isEmpty();
        assertThat(lockHolders()).containsExactly("other-worker");
    }

    @Test
    void aPushBelongsToNoThreadAndTakesNoLock() {
        PreparedSend push = steps.prepare(due("push", "commits"));

        assertThat(push.thread()).isNull();
        assertThat(lockHolders()).isEmpty();
        AnsweredSend posted = steps.answered(push, SendOutcome.success(200, "8", 1));
        assertThat(steps.startThread(posted)).isSameAs(posted);
        assertThat(requests).containsExactly("post to channel");
    }

    @Test
    void aCiRunOfThePullRequestIsEditedInPlaceInsideItsThread() {
        track("4000");
        PreparedSend created = steps.prepare(due("check_run", "created"));
        assertThat(created.request().step()).isEqualTo(PreparedSend.Step.SEND_IN_PLACE);
        steps.settle(steps.answered(created, SendOutcome.success(200, "4100", 1)));
        steps.release(created);

        PreparedSend completed = steps.prepare(due("check_run", "completed-success"));
        assertThat(completed.request().step()).isEqualTo(PreparedSend.Step.EDIT);
        steps.settle(steps.answered(completed, SendOutcome.success(200, null, 1)));
        steps.release(completed);

        assertThat(requests).containsExactly("post in 4000", "edit 4100 in 4000");
        assertThat(lockHolders()).isEmpty();
    }

    private DueSend due(String event, String fixture) {
        ObjectNode payload;
        try {
            payload = (ObjectNode) EngineHarness.JSON.readTree(Files.readString(
                    Fixtures.root().resolve("github").resolve(event).resolve(fixture + ".json")));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ClaimedDelivery claim = new ClaimedDelivery("k-" + fixture, "d-" + fixture, "github", event, "g1", null, null,
                null, clock.millis(), 1, "token-1", null);
        DeliveryAttempt attempt = new DeliveryAttempt(claim, DeliveryTracing.none().continueDelivery(null));
        DeliveryTarget target = new DeliveryTarget(claim.key(), "g1", "prs", 0, "PRs", new DiscordTarget("111", null, true),
                TargetProgress.fresh(clock.instant()), null, null, null, null);
        attempt.resolved(new WebhookEvent("github", event, payload, null, "g1"), List.of(target));
        return new DueSend(attempt, target);
    }

    private void track(String root) {
        new MessageTracking(ds, clock).save(THREAD, "111", root, null);
    }

    private String root() {
        return new MessageTracking(ds, clock).find(THREAD, "111").map(MessageTracking.Tracked::messageId).orElse(null);
    }

    private List<String> lockHolders() {
        return new org.springframework.jdbc.core.JdbcTemplate(ds).queryForList(
                "SELECT locked_by FROM message_locks WHERE event_id = ?", String.class, THREAD);
    }
}
