package dev.webhooker.chat.discord;

import java.util.Optional;

/**
 * The original's custom_id layout after its prefix: {@code {op}|{owner}|{repo}|{number}}, split from the right
 * (number last, repository before it, the rest after the op is the owner), as WebHooker parsed it.
 */
record CustomIdParts(String op, String owner, String repo, long number) {

    static Optional<CustomIdParts> split(String rest) {
        int opEnd = rest.indexOf('|');
        int last = rest.lastIndexOf('|');
        int beforeLast = last <= 0 ? -1 : rest.lastIndexOf('|', last - 1);
        if (opEnd <= 0 || beforeLast <= opEnd) {
            return Optional.empty();
        }
        long number;
        try {
            number = Long.parseLong(rest.substring(last + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String owner = rest.substring(opEnd + 1, beforeLast);
        String repo = rest.substring(beforeLast + 1, last);
        if (owner.isEmpty() || repo.isEmpty() || number <= 0) {
            return Optional.empty();
        }
        return Optional.of(new CustomIdParts(rest.substring(0, opEnd), owner, repo, number));
    }
}
