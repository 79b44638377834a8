package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import dev.webhooker.format.ActingPeople;
import dev.webhooker.format.EventFormatters;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;

/** A group's {@code people}: read from the file as written, checked by each platform, and mentioned when asked to act. */
class PeopleConfigTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    private static Group group(String people) throws Exception {
        JsonNode node = YAML.readTree("id: team\nname: Team\npeople: " + people);
        return ConfigJson.forInput().readGroup(node);
    }

    private static List<String> problems(String people) throws Exception {
        return new ConfigValidator().validateGroup("groups[0]", group(people)).stream().map(ConfigError::toString).toList();
    }

    @Test
    void peopleAreReadAsWrittenWithUnquotedIdsAsTheirDigitsAndWrittenBack() throws Exception {
        Group team = group("[{github: octocat, discord: 300000000000000003, telegram: '@octo', slack: U0123ABCDE}, {github: hubot}]");

        assertThat(team.people()).containsExactly(
                new Group.Person("octocat", Map.of("discord", "300000000000000003", "telegram", "@octo", "slack", "U0123ABCDE")),
                new Group.Person("hubot", Map.of()));
        assertThat(new ConfigValidator().validateGroup("groups[0]", team)).isEmpty();
        assertThat(ConfigJson.forInput().readGroup(ConfigJson.forStorage().write(team))).isEqualTo(team);
        assertThat(team.person("OctoCat")).as("GitHub logins ignore case").contains(team.people().get(0));
    }

    @Test
    void eachAccountIsCheckedByItsPlatformAndALoginAppearsOnce() throws Exception {
        assertThat(problems("[{github: octocat, discord: '12'}]")).singleElement().asString()
                .contains("people[0].discord").contains("17 to 20 digits");
        assertThat(problems("[{github: octocat, telegram: 'octo'}]")).singleElement().asString().contains("people[0].telegram");
        assertThat(problems("[{github: octocat, slack: 'C0123ABCDE'}]")).singleElement().asString().contains("member id");
        assertThat(problems("[{github: octocat, teams: 'x'}]")).singleElement().asString()
                .contains("people[0].teams: unknown field (expected github, discord, telegram or slack)");
        assertThat(problems("[{github: octocat}, {github: OctoCat}]")).singleElement().asString().contains("duplicate login");
        assertThat(problems("[{discord: '300000000000000003'}]")).singleElement().asString().contains("people[0].github: required");
        assertThat(problems("[{github: 'not a login'}]")).singleElement().asString().contains("not a GitHub login");
        assertThatThrownBy(() -> group("[{github: octocat, discord: [1]}]")).hasMessageContaining("people[0].discord: must be a string");
    }

    @Test
    void aReviewRequestMentionsTheMappedReviewerAndNobodyElse() throws Exception {
        Group team = group("[{github: octocat, discord: '300000000000000003'}, {github: hubot, discord: '300000000000000004'}]");
        WebhookEvent requested = new WebhookEvent("github", "pull_request", (com.fasterxml.jackson.databind.node.ObjectNode) YAML.readTree(
                "{action: review_requested, requested_reviewer: {login: octocat}, sender: {login: alice},"
                        + " number: 7, pull_request: {number: 7, title: Fix, html_url: 'https://github.com/acme/widget/pull/7',"
                        + " body: 'cc @stranger', user: {login: alice}, head: {ref: fix}, base: {ref: main}},"
                        + " repository: {full_name: acme/widget, html_url: 'https://github.com/acme/widget'}}"), null, "team");

        assertThat(ActingPeople.of(requested)).containsExactly("octocat");
        assertThat(new MessageFormatter(I18n.builtInOnly(), new EventFormatters(), Clock.systemUTC())
                .format(requested, team, null).message().mentionPeople()).extracting(Group.Person::github).containsExactly("octocat");
    }

    @Test
    void aReviewerWhoLinkedAChatAccountIsMentionedThereUnlessThePeopleSayOtherwise() throws Exception {
        WebhookEvent requested = new WebhookEvent("github", "pull_request", (com.fasterxml.jackson.databind.node.ObjectNode) YAML.readTree(
                "{action: review_requested, requested_reviewer: {login: octocat, id: 583231}, sender: {login: alice},"
                        + " number: 7, pull_request: {number: 7, title: Fix, html_url: 'https://github.com/acme/widget/pull/7',"
                        + " user: {login: alice}, head: {ref: fix}, base: {ref: main}},"
                        + " repository: {full_name: acme/widget, html_url: 'https://github.com/acme/widget'}}"), null, "team");
        MessageFormatter formatter = new MessageFormatter(I18n.builtInOnly(), new EventFormatters(), Clock.systemUTC(),
                id -> "583231".equals(id) ? Map.of("discord", "300000000000000009", "telegram", "123456789") : Map.of());

        assertThat(formatter.format(requested, group("[]"), null).message().mentionPeople())
                .containsExactly(new Group.Person("octocat", Map.of("discord", "300000000000000009", "telegram", "123456789")));
        assertThat(formatter.format(requested, group("[{github: OctoCat, discord: '300000000000000003'}]"), null).message().mentionPeople())
                .as("the group's entry wins where it names an account").containsExactly(new Group.Person("OctoCat",
                        Map.of("discord", "300000000000000003", "telegram", "123456789")));
    }
}
