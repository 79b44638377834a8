package dev.webhooker.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RefLinksTest {

    private final RefLinks github = new RefLinks("https://github.com/acme/widget", "github");
    private final RefLinks noBase = new RefLinks(null, "github");

    @Test
    void commitBranchAndTagLinks() {
        assertThat(github.commit("abcd1234ef")).isEqualTo("[`abcd123`](https://github.com/acme/widget/commit/abcd1234ef)");
        assertThat(github.branch("refs/heads/feat/x")).isEqualTo("[`feat/x`](https://github.com/acme/widget/tree/feat/x)");
        assertThat(github.branch("refs/heads/a#b")).isEqualTo("[`a#b`](https://github.com/acme/widget/tree/a%23b)");
        assertThat(github.tag("refs/tags/v1.0")).isEqualTo("[`v1.0`](https://github.com/acme/widget/releases/tag/v1.0)");
        assertThat(github.branchOrTag("refs/tags/v1")).contains("/releases/tag/v1");
        assertThat(github.branch("fix (urgent)")).isEqualTo("[`fix (urgent)`](https://github.com/acme/widget/tree/fix%20%28urgent%29)");
    }

    @Test
    void withoutBaseUrlOnlyCode() {
        assertThat(noBase.commit("abcd1234ef")).isEqualTo("`abcd123`");
        assertThat(noBase.branch("main")).isEqualTo("`main`");
        assertThat(noBase.tag("v1")).isEqualTo("`v1`");
        assertThat(noBase.commit(null)).isNull();
    }

    @Test
    void forkBranchLinksToTheFork() {
        assertThat(github.branch("feature", null, "https://github.com/fork/widget"))
                .isEqualTo("[`feature`](https://github.com/fork/widget/tree/feature)");
    }

    @Test
    void giteaBranchesLiveUnderSrcBranch() {
        assertThat(new RefLinks("https://git.example.com/o/r", "gitea").branch("main"))
                .isEqualTo("[`main`](https://git.example.com/o/r/src/branch/main)");
    }

    @Test
    void backticksInLabelsKeepTheCodeSpan() {
        assertThat(RefLinks.code("a`b")).isEqualTo("`` a`b ``");
    }
}
