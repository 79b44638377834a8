package dev.webhooker.chat.discord;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.webhooker.actions.ForgeLink;

class PullButtonTest {

    @Test
    void splitsFromTheRight() {
        PullButton button = PullButton.parse("ghpr|merge|my|org|widget|42").orElseThrow();
        assertThat(button.merge()).isTrue();
        assertThat(button.pull()).isEqualTo(ForgeLink.githubPull("my|org", "widget", 42));
        assertThat(PullButton.parse("ghpr|close|acme|widget|7").orElseThrow().merge()).isFalse();
    }

    @Test
    void anythingElseIsUnknown() {
        for (String id : new String[] {null, "", "ghpr|merge|acme|widget", "ghpr|rebase|acme|widget|7", "ghpr|merge|acme|widget|x",
                "ghpr|merge||widget|7", "ghpr|merge|acme|widget|0", "other|merge|acme|widget|7"}) {
            assertThat(PullButton.parse(id)).as(String.valueOf(id)).isEmpty();
        }
    }
}
