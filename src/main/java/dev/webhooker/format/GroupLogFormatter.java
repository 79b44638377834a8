package dev.webhooker.format;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The summary a group's log channel gets once per delivery, in the
 * group's language and honouring its emoji setting. Lines keep the caller's order, which is route
 * then target order.
 */
public class GroupLogFormatter {

    static final int MAX_LINES = 10;

    private final I18n i18n;
    private final Clock clock;

    public GroupLogFormatter(I18n i18n, Clock clock) {
        this.i18n = i18n;
        this.clock = clock;
    }

    public NeutralMessage format(List<GroupLogLine> lines, String event, String repo, String action,
                                 String deliveryId, String lang, boolean emoji) {
        Translations texts = i18n.forLanguage(lang);
        List<GroupLogLine> outcomes = lines == null ? List.of() : lines;
        boolean allOk = outcomes.stream().allMatch(GroupLogLine::ok);

        List<String> shown = new ArrayList<>();
        for (GroupLogLine line : outcomes.subList(0, Math.min(MAX_LINES, outcomes.size()))) {
            shown.add(line(texts, line, emoji));
        }
        if (outcomes.size() > MAX_LINES) {
            shown.add("… +" + (outcomes.size() - MAX_LINES));
        }
        String title = texts.t("log.title", params(
                "repo", repo == null || repo.isBlank() ? "-" : repo,
                "event", event == null ? "" : event,
                "action", action == null || action.isBlank() ? "" : ": " + action));
        List<NeutralMessage.Field> fields = new ArrayList<>();
        if (!shown.isEmpty()) {
            fields.add(new NeutralMessage.Field(texts.t("log.routes"), String.join("\n", shown), false));
        }
        fields.add(new NeutralMessage.Field(texts.t("log.delivery"),
                deliveryId == null || deliveryId.isBlank() ? "-" : deliveryId, true));
        return new NeutralMessage(title, null, allOk ? Palette.LOG_OK : Palette.LOG_FAIL, null, null, fields,
                null, clock.instant().toString(), List.of(), null, null, List.of(), emoji);
    }

    private static String line(Translations texts, GroupLogLine line, boolean emoji) {
        String route = line.routeName() == null || line.routeName().isBlank() ? "?" : line.routeName();
        String target = line.targetId() == null ? "?" : line.targetId();
        if (line.ok()) {
            return (emoji ? "✅ " : "") + texts.t("log.route_ok", params("route", route, "target", target));
        }
        String error = line.error() == null || line.error().isBlank() ? "?" : TextCut.shorten(line.error().strip(), 200);
        return (emoji ? "❌ " : "") + texts.t("log.route_fail", params("route", route, "target", target, "error", error));
    }

    private static java.util.Map<String, Object> params(Object... namesAndValues) {
        java.util.Map<String, Object> params = new java.util.HashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            params.put(String.valueOf(namesAndValues[i]), namesAndValues[i + 1]);
        }
        return params;
    }
}
