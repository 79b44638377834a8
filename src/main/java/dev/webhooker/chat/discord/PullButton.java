package dev.webhooker.chat.discord;

import java.util.Optional;

import dev.webhooker.actions.ForgeLink;

/**
 * A Merge or Close button of a PR notification: custom_id {@code ghpr|merge|{owner}|{repo}|{number}} or
 * {@code ghpr|close|…}, split from the right (number last, repository before it, the rest is the owner).
 */
record PullButton(boolean merge, ForgeLink pull) {

    static final String PREFIX = "ghpr|";

    static Optional<PullButton> parse(String customId) {
        if (customId == null || !customId.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = customId.substring(PREFIX.length());
        int opEnd = rest.indexOf('|');
        int last = rest.lastIndexOf('|');
        int beforeLast = last <= 0 ? -1 : rest.lastIndexOf('|', last - 1);
        if (opEnd <= 0 || beforeLast <= opEnd) {
            return Optional.empty();
        }
        String op = rest.substring(0, opEnd);
        String owner = rest.substring(opEnd + 1, beforeLast);
        String repo = rest.substring(beforeLast + 1, last);
        long number;
        try {
            number = Long.parseLong(rest.substring(last + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (owner.isEmpty() || repo.isEmpty() || number <= 0 || !(op.equals("merge") || op.equals("close"))) {
            return Optional.empty();
        }
        return Optional.of(new PullButton(op.equals("merge"), ForgeLink.githubPull(owner, repo, number)));
    }
}
