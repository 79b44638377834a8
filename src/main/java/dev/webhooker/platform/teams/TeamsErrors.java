package dev.webhooker.platform.teams;

import dev.webhooker.delivery.ErrorCode;

/** A Teams workflow's or incoming webhook's answers that are not a success. */
final class TeamsErrors {

    /** Teams refused the card (a 4xx, or the legacy connector's error text in a 200). */
    static final ErrorCode TEAMS_ERROR = ErrorCode.refusedBy("teams");
    static final ErrorCode TEAMS_5XX = ErrorCode.serverErrorOf("teams");

    private TeamsErrors() {
    }
}
