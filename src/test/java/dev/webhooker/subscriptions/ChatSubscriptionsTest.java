package dev.webhooker.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.access.ScopeResolver;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.TestDatabases;

/** Subscriptions on the embedded database: the limits and the config file's groups hold, and a refusal grants nothing. */
class ChatSubscriptionsTest {

    private DataSource ds;
    private ConfigRepository repository;
    private ConfigSnapshots snapshots;

    private final ChatSubscriptions.Subscriber olive = new ChatSubscriptions.Subscriber("telegram", "77", "@tom", "1002", "olive");
    private final ChatSubscriptions.Place topic = new ChatSubscriptions.Place(new TelegramTarget("-100123", "42"), "Widgets");

    @BeforeEach
    void teamOwnedByOlive() {
        ds = TestDatabases.h2();
        repository = ConfigRepository.on(ds);
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(),
                List.of(), null, true, List.of(), null, null, false)), List.of());
        snapshots = new ConfigSnapshots(repository);
    }

    private ChatSubscriptions subscriptions(int routesPerGroup, Set<String> fileGroups) {
        return new ChatSubscriptions(repository, snapshots, new ScopeResolver(List.of()), AuditLog.on(ds),
                Clock.systemUTC(), routesPerGroup, fileGroups::contains);
    }

    private boolean teamMayPost() {
        return snapshots.refresh().consent().allows("team", topic.target());
    }

    @Test
    void aGroupTheConfigFileManagesIsRefusedAndNothingIsGranted() {
        ChatSubscriptions.Reply reply = subscriptions(10, Set.of("team")).subscribe(olive, topic, SubscribeCommand.parse("acme/widget"));

        assertThat(reply.key()).isEqualTo("subscribe.file_managed");
        assertThat(snapshots.refresh().routesOf("team")).isEmpty();
        assertThat(teamMayPost()).isFalse();
    }

    @Test
    void aRouteOverTheGroupsLimitIsRefusedBeforeTheChatConsents() {
        ChatSubscriptions subscriptions = subscriptions(1, Set.of());
        assertThat(subscriptions.subscribe(olive, topic, SubscribeCommand.parse("acme/one")).key()).isEqualTo("subscribe.done");
        repository.revokeChat("team", "telegram", "-100123", () -> { });
        assertThat(teamMayPost()).isFalse();

        try {
            subscriptions.subscribe(olive, topic, SubscribeCommand.parse("acme/two"));
            org.assertj.core.api.Assertions.fail("the second route is over the limit");
        } catch (RuntimeException refused) {
            assertThat(refused.getMessage()).contains("routes");
        }
        assertThat(snapshots.refresh().routesOf("team")).hasSize(1);
        assertThat(teamMayPost()).as("a refused subscription leaves no consent behind").isFalse();
    }

    @Test
    void labelAndBranchBecomeFiltersOfTheRouteAndTheReplySaysSo() {
        ChatSubscriptions.Reply reply = subscriptions(10, Set.of()).subscribe(olive, topic,
                SubscribeCommand.parse("acme/widget pull_request --label bug --branch main"));

        assertThat(reply.key()).isEqualTo("subscribe.done_labelled");
        assertThat(reply.params()).containsEntry("label", "bug").containsEntry("branch", "main").containsEntry("events", "pull_request");
        assertThat(snapshots.refresh().routesOf("team")).singleElement().satisfies(route -> assertThat(route.filters())
                .extracting(f -> f.type() + "=" + f.match()).containsExactly("repo=[acme/widget]", "event=[pull_request]",
                        "branch=[main]", "label=[bug]"));
    }
}
