package dev.webhooker.delivery;

import java.util.stream.Collectors;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;

/**
 * Test-only stand-in for MessageFormatter / GroupLogFormatter (not merged yet): title
 * "{event} {action} {delivery marker}", the workflow_run update key of messages.md §1.8, and a group log
 * whose description lists the lines ("ok|fail route → target: error").
 */
final class FakeComposer implements MessageComposer {

    @Override
    public Composed compose(WebhookEvent event, Group group, Route route, java.time.Instant occurredAt) {
        var p = event.payload();
        String repo = p.path("repository").path("full_name").asText("-");
        String updateKey = null;
        if (event.event().equals("workflow_run") && p.path("workflow_run").has("id")) {
            updateKey = "workflow_run:" + repo + ":" + p.path("workflow_run").path("id").asText();
        }
        String title = event.event() + " " + p.path("action").asText("") + " " + p.path("marker").asText("");
        NeutralMessage message = new NeutralMessage(title.trim(), null, 0x3fb950, p.path("status").asText(null),
                null, null, repo, null, null, null, updateKey, route.discordRoleIds());
        String formatError = p.path("breakFormatter").asBoolean(false) ? "formatter for " + event.event() + " failed" : null;
        return new Composed(message, formatError);
    }

    @Override
    public NeutralMessage groupLog(GroupLogSummary summary) {
        String lines = summary.lines().stream()
                .map(l -> (l.ok() ? "ok " : "fail ") + l.routeName() + " → " + l.targetId() + (l.ok() ? "" : ": " + l.error()))
                .collect(Collectors.joining("\n"));
        return new NeutralMessage("log " + summary.event().event(), null, 0, lines, null, null, null, null, null, null,
                null, null);
    }
}
