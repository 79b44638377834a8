package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.format.EventFormatters;
import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.discord.DiscordComponent;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.platform.slack.SlackClient;
import dev.webhooker.platform.slack.SlackComponent;
import dev.webhooker.platform.teams.TeamsClient;
import dev.webhooker.platform.teams.TeamsComponent;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.platform.telegram.TelegramComponent;
import dev.webhooker.platform.webhook.EndpointPoster;
import dev.webhooker.platform.webhook.WebhookComponent;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryPoller;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.queue.DeliveryWakeUp;
import dev.webhooker.queue.DueDeliveriesComponent;
import dev.webhooker.queue.DueWorkNotice;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.ConfigSource;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.routing.Target;
import dev.webhooker.secrets.SecretBox;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestHttp;
import dev.webhooker.testsupport.TestPlatforms;

/**
 * One "instance" of the engine without Spring: routes/delivery.camel.yaml in its own CamelContext, wired like
 * DeliveryConfiguration and PlatformConfiguration — real SQL, the real route selector, formatters and renderers, the
 * real {@code discord:} and {@code telegram:} components and HTTP clients (pointed at WireMock by the tests). Each claim
 * runs on {@code direct:delivery-work} as the queue's consumer runs it; the consumer itself does not run (the tests
 * drain).
 */
final class EngineHarness implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Seals webhook targets' secrets in delivery_targets, as the application's SecretBox does. */
    static final SecretBox SEAL = new SecretBox("engine-harness-key-engine-harness-key", null);
    private static final List<EngineHarness> OPEN = new CopyOnWriteArrayList<>();

    final DeliveryQueue queue;
    final DeliveryPoller poller;
    final DeliveryProperties settings;
    final TargetHealth health;
    private final CamelContext camel;
    private final ProducerTemplate work;
    private final TargetSendPool sends;
    private final EndpointPoster endpoints;

    EngineHarness(DataSource ds, TestDatabases.Kind kind, Clock clock, String instance, String discordUrl, String telegramUrl,
                  RouteCatalog catalog, PayloadStore payloads, DeliveryProperties settings) {
        this(ds, kind, clock, instance, discordUrl, telegramUrl, catalog, payloads, settings, calls -> calls,
                (dataSource, commits) -> new DeliveryTargets(dataSource, commits, SEAL));
    }

    /**
     * {@code calls} may wrap the real request builder (a test fails or holds up one target there), {@code targets}
     * makes the target store from the DataSource and the group commit (a test may wrap it).
     */
    EngineHarness(DataSource ds, TestDatabases.Kind kind, Clock clock, String instance, String discordUrl, String telegramUrl,
                  RouteCatalog catalog, PayloadStore payloads, DeliveryProperties settings,
                  java.util.function.UnaryOperator<PlatformCalls> calls,
                  java.util.function.BiFunction<DataSource, GroupCommit, DeliveryTargets> targets) {
        this.settings = settings;
        // like one JVM: the delivery engine's group commit as the application configures it for this database
        GroupCommit commits = CommitGroups.of(new DataSourceTransactionManager(ds), kind.vendor()).delivery();
        this.queue = new DeliveryQueue(ds, commits, clock, instance, DueWorkNotice.none());
        DeliveryTargets store = targets.apply(ds, commits);
        SendLogs sendLogs = new SendLogs(ds);
        MessageComposer composer = composer(clock);
        MessageRenderer renderer = renderers();
        PlatformCalls requests = calls.apply(TestPlatforms.all());
        DeliveryWakeUp wakeUp = new DeliveryWakeUp(settings.pollInterval());
        this.poller = new DeliveryPoller(queue, wakeUp, settings.workers(), settings.lease());
        this.sends = new TargetSendPool(2 * settings.workers());

        OutboundHttp http = TestHttp.apis();
        // the engine's tests run on a clock they move by hand; the published quotas refill in real time and are
        // tested on their own (platform.limits, cluster.ClusterIT)
        RateLimits limits = RateLimits.local(clock, false);
        PlatformCallSettings call = new PlatformCallSettings(settings.requestTimeout(), settings.rateLimitCap(), 3);
        camel = new DefaultCamelContext();
        Properties properties = new Properties();
        // the queue's consumer stays stopped
        properties.setProperty("webhooker.delivery.enabled", "false");
        properties.setProperty("webhooker.delivery.workers", String.valueOf(settings.workers()));
        camel.getPropertiesComponent().setInitialProperties(properties);
        camel.addComponent("discord", new DiscordComponent(new DiscordClient(http, JSON, discordUrl, "bot-token", call, limits)));
        camel.addComponent("telegram", new TelegramComponent(new TelegramClient(http, JSON, telegramUrl, "123:TEST", call, limits)));
        // the fake receivers listen on loopback, which webhook targets may only reach when the operator allows it
        endpoints = EndpointPoster.guarded("127.0.0.1", call, Duration.ofSeconds(2), limits, clock);
        camel.addComponent("webhook", new WebhookComponent(endpoints, clock));
        // the Slack Web API is faked beside Discord's
        camel.addComponent("slack", new SlackComponent(new SlackClient(http, JSON, discordUrl + "/slack-api", "xoxb-test", call,
                limits, endpoints)));
        camel.addComponent("teams", new TeamsComponent(new TeamsClient(endpoints)));
        camel.addComponent("delivery-queue", new DueDeliveriesComponent(poller, wakeUp, settings.workers()));
        camel.getRegistry().bind("deliveryTargetSends", sends.executorService());
        camel.getRegistry().bind("targetOutcomes", new TargetOutcomes());
        camel.getRegistry().bind("deliverySteps", new DeliverySteps(queue, store, sendLogs, new PayloadResolver(JSON, payloads),
                catalog, composer, renderer, requests, settings, DeliveryMeters.none(), DeliveryTracing.none(), clock));
        this.health = new TargetHealth(ds, settings.failureStreak());
        camel.getRegistry().bind("targetSteps", new TargetSteps(catalog, composer, renderer, requests,
                new MessageTracking(ds, clock), new MessageLocks(ds, clock), new OutcomeStore(store, sendLogs, health, clock),
                health, settings, DeliveryMeters.none(), clock));
        try {
            PluginHelper.getRoutesLoader(camel).loadRoutes(
                    ResourceHelper.resolveMandatoryResource(camel, "file:routes/delivery.camel.yaml"));
            camel.start();
        } catch (Exception e) {
            throw new IllegalStateException("the delivery routes did not start", e);
        }
        work = camel.createProducerTemplate();
        OPEN.add(this);
    }

    static MessageComposer composer(Clock clock) {
        I18n i18n = I18n.builtInOnly();
        return new FormatterComposer(new MessageFormatter(i18n, new EventFormatters(), clock), new GroupLogFormatter(i18n, clock));
    }

    /** No BASE_URL: messages with an avatar would go to Telegram as sendPhoto; the tests' senders have none. */
    static MessageRenderer renderers() {
        return TestPlatforms.all();
    }

    /**
     * The real selector over a fixed configuration (what ConfigSnapshots would hold after a load), written by the
     * operator (as a config file is): every chat it names has consented to its group.
     */
    static RouteCatalog catalog(List<Group> groups, List<Route> routes) {
        return catalog(groups, routes, operatorGrants(groups, routes));
    }

    /** The chats of {@code groups}' logs and {@code routes}' targets, granted to their groups as an operator's write grants them. */
    static ChatConsent operatorGrants(List<Group> groups, List<Route> routes) {
        List<ChatClaim> claims = new java.util.ArrayList<>();
        java.util.function.BiConsumer<String, Target> grant = (groupId, target) -> ChatConsent.chatOf(target).ifPresent(chat ->
                claims.add(new ChatClaim(groupId, chat.platform(), chat.id(), null, ChatClaim.Via.CONFIG_FILE, null, 0)));
        groups.stream().filter(g -> g.logTarget() != null).forEach(g -> grant.accept(g.id(), g.logTarget()));
        // a route of no group (these tests' global routes) is looked up under "" by the catalog
        routes.forEach(r -> r.targets().forEach(t -> grant.accept(r.groupId() == null ? "" : r.groupId(), t)));
        return ChatConsent.of(claims);
    }

    /** The real selector over a fixed configuration with only the chat claims given. */
    static RouteCatalog catalog(List<Group> groups, List<Route> routes, ChatConsent consent) {
        ConfigSnapshot snapshot = new ConfigSnapshot(1, groups, routes, consent);
        ConfigSnapshots snapshots = new ConfigSnapshots(new ConfigSource() {
            @Override
            public ConfigSnapshot load() {
                return snapshot;
            }

            @Override
            public long revision() {
                return snapshot.version();
            }
        });
        return new SnapshotRouteCatalog(snapshots, new RouteSelector());
    }

    static DeliveryProperties settings(Duration lease) {
        return new DeliveryProperties(null, Duration.ofMillis(100), lease, 4, Duration.ofMillis(500),
                Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(200), Duration.ofHours(24), null);
    }

    /**
     * Runs one claimed delivery as a worker of the queue's consumer runs it (not at all when it was given back at
     * shutdown meanwhile). What escapes the route (an Error: the worker "dies") is thrown here as it was thrown there.
     */
    void process(ClaimedDelivery claim) {
        try {
            poller.run(claim, c -> work.requestBody("direct:delivery-work", c));
        } catch (CamelExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw cause instanceof RuntimeException r ? r : e;
        } finally {
            // as the consumer's worker does: the route may have ended on a send thread, leaving this one's context
            org.slf4j.MDC.clear();
        }
    }

    /** Claims and runs everything due now, one after the other, until nothing is due. */
    int drain() {
        int total = 0;
        while (true) {
            List<ClaimedDelivery> batch = poller.claimDue();
            if (batch.isEmpty()) {
                return total;
            }
            batch.forEach(this::process);
            total += batch.size();
        }
    }

    @Override
    public void close() {
        OPEN.remove(this);
        camel.stop();
        sends.close();
        endpoints.close();
    }

    /** Every harness a test made (each test's tear-down closes them). */
    static void closeAll() {
        List.copyOf(OPEN).forEach(EngineHarness::close);
    }
}
