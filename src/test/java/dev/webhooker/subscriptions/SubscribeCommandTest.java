package dev.webhooker.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The words of /gh subscribe: a repository, events, options, and the first thing wrong with them. */
class SubscribeCommandTest {

    @Test
    void readsTheRepositoryEventsAndOptionsInAnyOrder() {
        SubscribeCommand command = SubscribeCommand.parse("  --group Team-A acme/widget.js push Pull_Request push --branch release/1.x ");

        assertThat(command.valid()).isTrue();
        assertThat(command.repository()).isEqualTo("acme/widget.js");
        assertThat(command.events()).containsExactly("push", "pull_request");
        assertThat(command.branch()).isEqualTo("release/1.x");
        assertThat(command.group()).isEqualTo("team-a");
        assertThat(command.label()).isNull();
    }

    @Test
    void takesARepositorysGithubAddressToo() {
        assertThat(SubscribeCommand.parse("https://github.com/acme/widget/").repository()).isEqualTo("acme/widget");
    }

    @Test
    void namesTheFirstProblem() {
        assertThat(SubscribeCommand.parse("").problem()).isEqualTo("subscribe.usage");
        assertThat(SubscribeCommand.parse("--group team").problem()).isEqualTo("subscribe.usage");
        assertThat(SubscribeCommand.parse("widget").problem()).isEqualTo("subscribe.bad_repository");
        assertThat(SubscribeCommand.parse("acme/widget/extra").problem()).isEqualTo("subscribe.bad_repository");
        assertThat(SubscribeCommand.parse("acme/widget push!").problem()).isEqualTo("subscribe.bad_event");
        assertThat(SubscribeCommand.parse("acme/widget --branch").problem()).isEqualTo("subscribe.option_value");
        assertThat(SubscribeCommand.parse("acme/widget --branch --group t").problem()).isEqualTo("subscribe.option_value");
        assertThat(SubscribeCommand.parse("acme/widget --colour red").problem()).isEqualTo("subscribe.unknown_option");
    }
}
