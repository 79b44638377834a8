package dev.webhooker.actions;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the first issue, pull request or comment link in a text (a command option, an embed url, a
 * notification's text and its entity urls). The host is compared whole, so {@code evilgithub.com} or
 * {@code github.com.evil.example} never pass for github.com; Gitea hosts are those the groups'
 * {@code forgeSources} declare as {@code gitea}, read at each call so a config change applies at once.
 */
public final class ForgeLinks {

    public static final String GITHUB_HOST = "github.com";

    /** What a command needs: any issue or PR, a PR only, or a comment on either. */
    public enum Kind { ISSUE_OR_PULL, PULL, COMMENT }

    // a scheme, or else a host that does not continue a word or a path; owner/repo, issues|pull|pulls, the
    // number, the rest of the path or query, and an optional #issuecomment- anchor
    private static final Pattern LINK = Pattern.compile(
            "(?:https?://|(?<![A-Za-z0-9.@/_:-]))(?<host>[A-Za-z0-9.-]+(?::\\d{1,5})?)/(?<owner>[A-Za-z0-9_.-]{1,100})/(?<repo>[A-Za-z0-9_.-]{1,100})"
                    + "/(?<kind>issues|pull|pulls)/(?<number>\\d{1,12})(?<rest>[^\\s#<>\"]*)(?:#issuecomment-(?<comment>\\d{1,20}))?");

    private final Supplier<Set<String>> giteaHosts;

    /** @param giteaHosts lower-case host names (with a port where one is used) that are Gitea instances */
    public ForgeLinks(Supplier<Set<String>> giteaHosts) {
        this.giteaHosts = giteaHosts;
    }

    /** The first link of {@code kind} in the texts, looked through in order. */
    public Optional<ForgeLink> first(List<String> texts, Kind kind) {
        for (String text : texts) {
            Optional<ForgeLink> found = first(text, kind);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    public Optional<ForgeLink> first(String text, Kind kind) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        Matcher matcher = LINK.matcher(text);
        Set<String> gitea = giteaHosts.get();
        while (matcher.find()) {
            Optional<ForgeLink> link = parse(matcher, gitea);
            if (link.isPresent() && fits(link.get(), kind)) {
                return link;
            }
        }
        return Optional.empty();
    }

    private static Optional<ForgeLink> parse(Matcher m, Set<String> gitea) {
        String host = m.group("host").toLowerCase(Locale.ROOT);
        ForgeLink.Forge forge;
        String pathKind = m.group("kind");
        if (host.equals(GITHUB_HOST) || host.equals("www." + GITHUB_HOST)) {
            if (pathKind.equals("pulls")) {
                return Optional.empty();
            }
            forge = ForgeLink.Forge.GITHUB;
            host = GITHUB_HOST;
        } else if (gitea.contains(host)) {
            if (pathKind.equals("pull")) {
                return Optional.empty();
            }
            forge = ForgeLink.Forge.GITEA;
        } else {
            return Optional.empty();
        }
        String owner = m.group("owner");
        String repo = m.group("repo");
        if (owner.startsWith(".") || repo.equals(".") || repo.equals("..")) {
            return Optional.empty();
        }
        if (repo.endsWith(".git")) {
            repo = repo.substring(0, repo.length() - 4);
        }
        long number;
        try {
            number = Long.parseLong(m.group("number"));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (number <= 0) {
            return Optional.empty();
        }
        Long comment = null;
        if (m.group("comment") != null) {
            try {
                comment = Long.parseLong(m.group("comment"));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.of(new ForgeLink(forge, host, owner, repo, number, !pathKind.equals("issues"), comment));
    }

    private static boolean fits(ForgeLink link, Kind kind) {
        return switch (kind) {
            case ISSUE_OR_PULL -> true;
            case PULL -> link.pull();
            case COMMENT -> link.commentId() != null;
        };
    }
}
