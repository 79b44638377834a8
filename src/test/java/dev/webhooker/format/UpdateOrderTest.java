package dev.webhooker.format;

import static dev.webhooker.format.TestEvents.format;
import static dev.webhooker.format.TestEvents.github;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;

class UpdateOrderTest {

    private static PayloadView text(String value) {
        return PayloadView.of(JsonNodeFactory.instance.textNode(value));
    }

    private static PayloadView missing() {
        return PayloadView.of(JsonNodeFactory.instance.nullNode());
    }

    @Test
    void theTimestampDecidesAndTheStatusBreaksTies() {
        Long queued = UpdateOrder.of("queued", text("2026-11-30T10:00:00Z"));
        Long inProgress = UpdateOrder.of("in_progress", text("2026-11-30T10:00:00Z"));
        Long completed = UpdateOrder.of("completed", text("2026-11-30T10:00:00Z"));
        Long laterQueued = UpdateOrder.of("queued", text("2026-11-30T10:00:00.001Z"));
        assertThat(queued).isLessThan(inProgress);
        assertThat(inProgress).isLessThan(completed);
        assertThat(completed).as("a later timestamp wins over any rank").isLessThan(laterQueued);
    }

    @Test
    void offsetsNameTheSameInstant() {
        assertThat(UpdateOrder.of(null, text("2026-11-30T18:00:00+08:00")))
                .isEqualTo(UpdateOrder.of(null, text("2026-11-30T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-11-30T10:00:00Z").toEpochMilli() * 4);
    }

    @Test
    void theFirstUsableTimestampIsUsedAndNoneGivesNull() {
        assertThat(UpdateOrder.of(null, missing(), text("not a time"), text("2026-11-30T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-11-30T10:00:00Z").toEpochMilli() * 4);
        assertThat(UpdateOrder.of("completed", missing(), text("yesterday"))).isNull();
    }

    @Test
    void aLateInProgressWorkflowRunRanksBelowItsCompletion() {
        NeutralMessage inProgress = format(github("workflow_run", "{'action':'in_progress','workflow_run':{'id':42,"
                + "'status':'in_progress','updated_at':'2026-11-30T10:00:05Z'}}"));
        NeutralMessage completed = format(github("workflow_run", "{'action':'completed','workflow_run':{'id':42,"
                + "'status':'completed','conclusion':'success','updated_at':'2026-11-30T10:00:05Z'}}"));
        assertThat(inProgress.updateOrder()).isNotNull().isLessThan(completed.updateOrder());
    }

    @Test
    void aCheckRunIsOrderedByCompletionThenStart() {
        NeutralMessage started = format(github("check_run", "{'action':'created','check_run':{'id':1,'status':'in_progress',"
                + "'started_at':'2026-11-30T10:00:00Z'}}"));
        NeutralMessage done = format(github("check_run", "{'action':'completed','check_run':{'id':1,'status':'completed',"
                + "'conclusion':'success','started_at':'2026-11-30T10:00:00Z','completed_at':'2026-11-30T10:03:00Z'}}"));
        assertThat(started.updateOrder()).isLessThan(done.updateOrder());
    }

    @Test
    void aDeploymentStatusRanksAboveItsDeployment() {
        NeutralMessage deployment = format(github("deployment", "{'action':'created','deployment':{'id':9,"
                + "'environment':'prod','created_at':'2026-11-30T10:00:00Z','updated_at':'2026-11-30T10:00:00Z'}}"));
        NeutralMessage success = format(github("deployment_status", "{'action':'created','deployment':{'id':9,"
                + "'environment':'prod','created_at':'2026-11-30T10:00:00Z'},'deployment_status':{'state':'success',"
                + "'created_at':'2026-11-30T10:00:00Z','updated_at':'2026-11-30T10:00:00Z'}}"));
        assertThat(deployment.updateKey()).isEqualTo(success.updateKey());
        assertThat(deployment.updateOrder()).isLessThan(success.updateOrder());
    }

    @Test
    void anEditedCommentRanksAboveItsCreation() {
        NeutralMessage created = format(github("issue_comment", "{'action':'created','issue':{'number':1,'title':'t'},"
                + "'comment':{'id':5,'body':'a','created_at':'2026-11-30T10:00:00Z','updated_at':'2026-11-30T10:00:00Z'}}"));
        NeutralMessage edited = format(github("issue_comment", "{'action':'edited','issue':{'number':1,'title':'t'},"
                + "'comment':{'id':5,'body':'b','created_at':'2026-11-30T10:00:00Z','updated_at':'2026-11-30T10:01:00Z'}}"));
        assertThat(created.updateOrder()).isLessThan(edited.updateOrder());
    }

    @Test
    void withoutTimestampsTheOrderIsUnknownAndEventsWithoutUpdateKeyHaveNone() {
        assertThat(format(github("workflow_run", "{'action':'completed','workflow_run':{'id':42}}")).updateOrder()).isNull();
        assertThat(format(github("push", "{'ref':'refs/heads/main','commits':[],'head_commit':{'timestamp':"
                + "'2026-11-30T10:00:00Z'}}")).updateOrder()).isNull();
    }
}
