package dev.webhooker.actions;

/**
 * An issue, pull request or comment named by a link. {@code commentId} is null unless the link carried
 * {@code #issuecomment-{id}}; {@code pull} is true for {@code /pull/} (GitHub) or {@code /pulls/} (Gitea).
 */
public record ForgeLink(Forge forge, String host, String owner, String repo, long number, boolean pull, Long commentId) {

    public enum Forge { GITHUB, GITEA }

    /** {@code owner/repo#number}, as people write it. */
    public String reference() {
        return owner + "/" + repo + "#" + number;
    }

    /** The issue (or pull request) itself, without the comment. */
    public ForgeLink issue() {
        return new ForgeLink(forge, host, owner, repo, number, pull, null);
    }

    /** A GitHub pull request named by its coordinates (the PR buttons and the actions API carry no link). */
    public static ForgeLink githubPull(String owner, String repo, long number) {
        return new ForgeLink(Forge.GITHUB, ForgeLinks.GITHUB_HOST, owner, repo, number, true, null);
    }

    /** A GitHub issue or pull request named by its coordinates. */
    public static ForgeLink githubIssue(String owner, String repo, long number) {
        return new ForgeLink(Forge.GITHUB, ForgeLinks.GITHUB_HOST, owner, repo, number, false, null);
    }

    /** A GitHub comment named by its coordinates (the comment modals keep these). */
    public static ForgeLink githubComment(String owner, String repo, long commentId) {
        return new ForgeLink(Forge.GITHUB, ForgeLinks.GITHUB_HOST, owner, repo, 0, false, commentId);
    }
}
