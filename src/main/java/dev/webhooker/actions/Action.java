package dev.webhooker.actions;

import java.util.List;

/**
 * One thing to do on GitHub as a user. {@code text} is the comment body, the merge method or the reaction,
 * by kind. Reads ({@link Kind#writes()} false) fetch what a chat command needs to show first.
 */
public record Action(Kind kind, ForgeLink target, String text) {

    public static final List<String> MERGE_METHODS = List.of("merge", "squash", "rebase");
    public static final String DEFAULT_MERGE_METHOD = "squash";
    public static final List<String> REACTIONS = List.of("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes");
    /** GitHub's own cap on a comment body. */
    public static final int MAX_COMMENT_LENGTH = 65_536;

    public enum Kind {
        COMMENT("github.comment.create"),
        EDIT_COMMENT("github.comment.edit"),
        DELETE_COMMENT("github.comment.delete"),
        MERGE("github.pull.merge"),
        CLOSE("github.pull.close"),
        REACT("github.reaction.create"),
        READ_COMMENT(null),
        READ_PULL(null),
        READ_USER(null);

        private final String auditAction;

        Kind(String auditAction) {
            this.auditAction = auditAction;
        }

        /** The audit action of a write; null for a read. */
        public String auditAction() {
            return auditAction;
        }

        public boolean writes() {
            return auditAction != null;
        }
    }

    public static Action comment(ForgeLink issue, String body) {
        return new Action(Kind.COMMENT, issue, body);
    }

    public static Action editComment(ForgeLink comment, String body) {
        return new Action(Kind.EDIT_COMMENT, comment, body);
    }

    public static Action deleteComment(ForgeLink comment) {
        return new Action(Kind.DELETE_COMMENT, comment, null);
    }

    public static Action readComment(ForgeLink comment) {
        return new Action(Kind.READ_COMMENT, comment, null);
    }

    public static Action merge(ForgeLink pull, String method) {
        return new Action(Kind.MERGE, pull, method == null ? DEFAULT_MERGE_METHOD : method);
    }

    public static Action close(ForgeLink pull) {
        return new Action(Kind.CLOSE, pull, null);
    }

    public static Action readPull(ForgeLink pull) {
        return new Action(Kind.READ_PULL, pull, null);
    }

    public static Action react(ForgeLink issue, String reaction) {
        return new Action(Kind.REACT, issue, reaction);
    }

    /** GET /user: the login a reply names ("commented as @login"). */
    public static Action readUser() {
        return new Action(Kind.READ_USER, null, null);
    }

    /** How the audit names the target: {@code pull}/{@code issue} {@code owner/repo#n}, or {@code comment} {@code owner/repo/comments/id}. */
    String auditTargetType() {
        if (target.commentId() != null) {
            return "comment";
        }
        return target.pull() || kind == Kind.MERGE || kind == Kind.CLOSE ? "pull" : "issue";
    }

    String auditTargetId() {
        return target.commentId() != null ? target.owner() + "/" + target.repo() + "/comments/" + target.commentId() : target.reference();
    }
}
