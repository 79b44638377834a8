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
        return CustomIdParts.split(customId.substring(PREFIX.length()))
                .filter(parts -> parts.op().equals("merge") || parts.op().equals("close"))
                .map(parts -> new PullButton(parts.op().equals("merge"), ForgeLink.githubPull(parts.owner(), parts.repo(), parts.number())));
    }
}
