package dev.webhooker.actions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ForgeLinksTest {

    private final ForgeLinks links = new ForgeLinks(() -> Set.of("git.example.org", "code.example.net:3000"));

    @Test
    void findsTheFirstIssueOrPullRequestAnywhereInTheText() {
        ForgeLink link = links.first("see https://github.com/acme/widget/pull/7/files?x=1 and https://github.com/acme/other/issues/2",
                ForgeLinks.Kind.ISSUE_OR_PULL).orElseThrow();
        assertThat(link).isEqualTo(new ForgeLink(ForgeLink.Forge.GITHUB, "github.com", "acme", "widget", 7, true, null));
        assertThat(link.reference()).isEqualTo("acme/widget#7");
    }

    @Test
    void aLinkWithoutSchemeAndWwwAreGithubToo() {
        assertThat(links.first("github.com/acme/widget/issues/3", ForgeLinks.Kind.ISSUE_OR_PULL)).isPresent();
        assertThat(links.first("http://www.github.com/acme/widget/issues/3", ForgeLinks.Kind.ISSUE_OR_PULL).orElseThrow().host())
                .isEqualTo("github.com");
    }

    @Test
    void theHostIsMatchedWhole() {
        for (String text : List.of("https://evilgithub.com/acme/widget/pull/7", "https://github.com.evil.example/acme/widget/pull/7",
                "https://evil.example/github.com/acme/widget/pull/7", "https://user@evil.example/github.com/acme/widget/pull/7",
                "notgithub.com/acme/widget/pull/7")) {
            assertThat(links.first(text, ForgeLinks.Kind.ISSUE_OR_PULL)).as(text).isEmpty();
        }
    }

    @Test
    void theKindDecidesWhichLinkIsTaken() {
        String text = "https://github.com/acme/widget/issues/1 https://github.com/acme/widget/pull/2#issuecomment-99";
        assertThat(links.first(text, ForgeLinks.Kind.PULL).orElseThrow().number()).isEqualTo(2);
        ForgeLink comment = links.first(text, ForgeLinks.Kind.COMMENT).orElseThrow();
        assertThat(comment.commentId()).isEqualTo(99L);
        assertThat(comment.issue().commentId()).isNull();
        assertThat(links.first("https://github.com/acme/widget/issues/1", ForgeLinks.Kind.PULL)).isEmpty();
        assertThat(links.first("https://github.com/acme/widget/issues/1", ForgeLinks.Kind.COMMENT)).isEmpty();
    }

    @Test
    void giteaHostsFromTheConfigurationAreRecognisedWithTheirPullPath() {
        ForgeLink gitea = links.first("https://git.example.org/team/app/pulls/5", ForgeLinks.Kind.PULL).orElseThrow();
        assertThat(gitea.forge()).isEqualTo(ForgeLink.Forge.GITEA);
        assertThat(links.first("https://code.example.net:3000/team/app/issues/6#issuecomment-8", ForgeLinks.Kind.COMMENT)
                .orElseThrow().forge()).isEqualTo(ForgeLink.Forge.GITEA);
        assertThat(links.first("https://other.example/team/app/pulls/5", ForgeLinks.Kind.PULL)).isEmpty();
        // each forge's own path: GitHub has /pull/, Gitea /pulls/
        assertThat(links.first("https://github.com/team/app/pulls/5", ForgeLinks.Kind.PULL)).isEmpty();
        assertThat(links.first("https://git.example.org/team/app/pull/5", ForgeLinks.Kind.PULL)).isEmpty();
    }

    @Test
    void nonsenseIsNoLink() {
        assertThat(links.first((String) null, ForgeLinks.Kind.ISSUE_OR_PULL)).isEmpty();
        assertThat(links.first("https://github.com/acme/widget/pull/0", ForgeLinks.Kind.PULL)).isEmpty();
        assertThat(links.first("https://github.com/acme/../pull/3", ForgeLinks.Kind.PULL)).isEmpty();
        assertThat(links.first("https://github.com/acme/widget", ForgeLinks.Kind.ISSUE_OR_PULL)).isEmpty();
        assertThat(links.first(List.of("", "no link here"), ForgeLinks.Kind.ISSUE_OR_PULL)).isEmpty();
    }
}
