package dev.webhooker.delivery;

import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;

import dev.webhooker.format.FormattedMessage;
import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.GroupLogLine;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;

/** The engine's formatting through the format package: event messages and the group log summary. */
class FormatterComposer implements MessageComposer {

    private final MessageFormatter formatter;
    private final GroupLogFormatter groupLogFormatter;

    public FormatterComposer(MessageFormatter formatter, GroupLogFormatter groupLogFormatter) {
        this.formatter = formatter;
        this.groupLogFormatter = groupLogFormatter;
    }

    @Override
    public Composed compose(WebhookEvent event, Group group, Route route, Instant occurredAt) {
        FormattedMessage formatted = formatter.format(event, group, route, occurredAt);
        return new Composed(formatted.message(), formatted.formatError()
                ? (formatted.formatErrorDetail() == null ? event.event() + " formatter failed" : formatted.formatErrorDetail())
                : null);
    }

    @Override
    public NeutralMessage groupLog(GroupLogSummary summary) {
        JsonNode payload = summary.event().payload();
        String repo = text(payload.path("repository").path("full_name"));
        String action = text(payload.path("action"));
        Group group = summary.group();
        return groupLogFormatter.format(
                summary.lines().stream().map(l -> new GroupLogLine(l.routeName(), l.targetId(), l.ok(), l.error())).toList(),
                summary.event().event(), repo, action, summary.deliveryId(),
                group.lang() == null ? I18n.DEFAULT_LANG : group.lang(), group.emoji());
    }

    private static String text(JsonNode node) {
        return node.isValueNode() && !node.isNull() ? node.asText() : null;
    }
}
