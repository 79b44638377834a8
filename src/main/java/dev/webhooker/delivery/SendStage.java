package dev.webhooker.delivery;

/**
 * Where a target send stands before it settles ({@link TargetSteps#settle}): prepared, with no request made (or none
 * more to make), or answered by its platform.
 */
public sealed interface SendStage permits PreparedSend, AnsweredSend {

    /** The preparation the send went out with (for an answer, the request it answers). */
    PreparedSend prepared();
}
