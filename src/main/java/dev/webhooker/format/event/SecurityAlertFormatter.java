package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.RefLinks;
import dev.webhooker.format.TextCut;

import java.util.Locale;
import java.util.Set;

/** code_scanning_alert and dependabot_alert. */
public final class SecurityAlertFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("code_scanning_alert", "dependabot_alert");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        return "code_scanning_alert".equals(ctx.event()) ? codeScanning(ctx) : dependabot(ctx);
    }

    /**
     * The security level lives in rule.security_severity_level; rule.severity (error/warning/note) is the
     * tool's own scale and only a fallback.
     */
    private static MessageDraft codeScanning(FormatContext ctx) {
        PayloadView alert = ctx.require("alert");
        PayloadView rule = alert.get("rule");
        String securityLevel = lower(rule.get("security_severity_level").nonBlank());
        String toolSeverity = lower(rule.get("severity").nonBlank());
        String shown = securityLevel != null ? securityLevel : toolSeverity != null ? toolSeverity : "warning";
        String level = securityLevel != null ? securityLevel : toolLevel(toolSeverity);
        String path = alert.get("most_recent_instance", "location", "path").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.code_scanning.title", "action", ctx.actionLabel(ctx.action("created"))))
                .url(alert.get("html_url").nonBlank())
                .color(color(level));
        message.field(ctx.field("severity"), ctx.em(emoji(level)) + ctx.word("severity", shown));
        message.field(ctx.field("rule"), rule.get("id").nonBlank());
        message.wideField(ctx.field("file"), path == null ? null : RefLinks.code(path));
        message.wideField(ctx.field("description"), TextCut.shorten(rule.get("description").nonBlank(), 1024));
        return message;
    }

    private static MessageDraft dependabot(FormatContext ctx) {
        PayloadView alert = ctx.require("alert");
        PayloadView advisory = alert.get("security_advisory");
        PayloadView vulnerability = alert.get("security_vulnerability");
        String severity = lower(advisory.get("severity").nonBlank());
        if (severity == null) {
            severity = lower(vulnerability.get("severity").nonBlank());
        }
        if (severity == null) {
            severity = "medium";
        }
        String packageName = vulnerability.get("package", "name").nonBlank();
        if (packageName == null) {
            packageName = alert.get("dependency", "package", "name").nonBlank();
        }
        String range = vulnerability.get("vulnerable_version_range").nonBlank();
        String patched = vulnerability.get("first_patched_version", "identifier").nonBlank();
        String rangeText = range == null ? null
                : patched == null ? range
                : ctx.t("events.dependabot.fix", "range", range, "patched", RefLinks.code(patched));
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.dependabot.title", "action", ctx.actionLabel(ctx.action("created"))))
                .url(alert.get("html_url").nonBlank())
                .color(color(severity));
        message.field(ctx.field("severity"), ctx.em(emoji(severity)) + ctx.word("severity", severity));
        message.field(ctx.field("package"), packageName);
        message.wideField(ctx.field("vulnerable_range"), rangeText);
        message.wideField(ctx.field("summary"), TextCut.shorten(advisory.get("summary").nonBlank(), 1024));
        return message;
    }

    private static String toolLevel(String toolSeverity) {
        if (toolSeverity == null) {
            return "low";
        }
        return switch (toolSeverity) {
            case "error" -> "high";
            case "warning" -> "medium";
            default -> toolSeverity;
        };
    }

    private static int color(String level) {
        return switch (level == null ? "" : level) {
            case "critical", "high" -> Palette.RED;
            case "medium", "moderate" -> Palette.YELLOW;
            default -> Palette.GRAY;
        };
    }

    private static String emoji(String level) {
        return switch (level == null ? "" : level) {
            case "critical" -> "🔴";
            case "high" -> "🟠";
            case "medium", "moderate" -> "🟡";
            default -> "⚪";
        };
    }

    private static String lower(String text) {
        return text == null ? null : text.toLowerCase(Locale.ROOT);
    }
}
