package dev.webhooker.delivery;

/**
 * What a post into the thread of a pull request or issue ({@code threads: true}) does after the platform answered, as
 * one rule apart from the requests and tracking rows that carry it out.
 * <ul>
 *   <li>A success is the message delivered in the thread.</li>
 *   <li>A failure the retry schedule covers (network, 5xx, rate limit) keeps the thread for the retry.</li>
 *   <li>Any other refusal (the thread was deleted or locked, or the message it replies to was deleted) posts the
 *       message to the channel at once, as the first message of a new thread. The old root is replaced only when
 *       that post works, so a message the platform refuses wherever it goes never loses a thread that still
 *       exists.</li>
 * </ul>
 */
final class ThreadRule {

    private ThreadRule() {
    }

    enum AfterPost { POSTED, RETRY_LATER, START_ANEW }

    static AfterPost afterPost(SendOutcome post) {
        if (post.ok()) {
            return AfterPost.POSTED;
        }
        return TargetRules.isRetryable(post.errorCode()) ? AfterPost.RETRY_LATER : AfterPost.START_ANEW;
    }
}
