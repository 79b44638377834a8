package dev.webhooker.format;

/**
 * One status word for checks and workflows: normalises GitHub's status/conclusion
 * pair and maps it to an emoji and a colour.
 */
public final class RunStatus {

    private RunStatus() {
    }

    /** check_run, check_suite, workflow_job: queued → queued, in_progress → running, else the conclusion. */
    public static String of(String status, String conclusion) {
        if ("queued".equals(status)) {
            return "queued";
        }
        if ("in_progress".equals(status)) {
            return "running";
        }
        return conclusion == null || conclusion.isBlank() ? "pending" : conclusion;
    }

    /** workflow_run, whose action carries the phase. */
    public static String ofRun(String action, String conclusion) {
        if ("in_progress".equals(action)) {
            return "running";
        }
        if ("requested".equals(action)) {
            return "queued";
        }
        return conclusion == null || conclusion.isBlank() ? "pending" : conclusion;
    }

    public static String emoji(String status) {
        return switch (status == null ? "" : status) {
            case "success" -> "✅";
            case "failure", "startup_failure" -> "❌";
            case "cancelled" -> "🚫";
            case "timed_out" -> "⏱️";
            case "action_required" -> "⚠️";
            case "neutral" -> "➖";
            case "stale" -> "♻️";
            case "running" -> "🔄";
            default -> "⏳";
        };
    }

    public static int color(String status) {
        return switch (status == null ? "" : status) {
            case "success" -> Palette.GREEN;
            case "failure", "startup_failure" -> Palette.RED;
            default -> Palette.YELLOW;
        };
    }
}
