package dev.webhooker.platform.discord;

import dev.webhooker.delivery.ErrorCode;

/** Discord's answers that are not a success: it refused (4xx), or failed on its side (5xx). */
final class DiscordErrors {

    /** Discord refused the request (Missing Access, Unknown Channel, an invalid body…). */
    static final ErrorCode DISCORD_ERROR = ErrorCode.refusedBy("discord");
    static final ErrorCode DISCORD_5XX = ErrorCode.serverErrorOf("discord");

    private DiscordErrors() {
    }
}
