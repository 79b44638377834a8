package dev.webhooker.format.event;

import dev.webhooker.format.Palette;

/**
 * How a commit status or deployment state looks: success green, failure and error red (an errored
 * deployment failed as much as a failed one), anything else a yellow pending.
 */
enum StateLook {
    SUCCESS("✅", Palette.GREEN),
    FAILED("❌", Palette.RED),
    PENDING("⏳", Palette.YELLOW);

    final String emoji;
    final int color;

    StateLook(String emoji, int color) {
        this.emoji = emoji;
        this.color = color;
    }

    static StateLook of(String state) {
        return switch (state) {
            case "success" -> SUCCESS;
            case "failure", "error" -> FAILED;
            default -> PENDING;
        };
    }
}
