package dev.webhooker.delivery;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.format.EventFormatters;
import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.PlatformRenderers;
import dev.webhooker.platform.PlatformSenders;
import dev.webhooker.platform.RateLimits;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.platform.telegram.TelegramRenderer;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.ConfigSource;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestKeys;

/**
 * One "instance" of the engine without Spring or Camel, wired like DeliveryConfiguration: real SQL, the
 * real route selector, formatters and renderers, real HTTP clients (pointed at WireMock by the tests).
 */
final class EngineHarness {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Sends the later targets of a delivery in parallel, as the application's deliveryTargetSends does. */
    static final Executor TARGET_SENDS = new TargetSendPool(64).executor();

    final DeliveryQueue queue;
    final DeliveryProcessor processor;
    final DeliveryPoller poller;
    final DeliveryProperties settings;

    EngineHarness(DataSource ds, TestDatabases.Kind kind, Clock clock, String instance, String discordUrl, String telegramUrl,
                  RouteCatalog catalog, PayloadStore payloads, DeliveryProperties settings) {
        this(ds, kind, clock, instance, catalog, payloads, settings, senderFor(clock, discordUrl, telegramUrl, settings));
    }

    EngineHarness(DataSource ds, TestDatabases.Kind kind, Clock clock, String instance, RouteCatalog catalog, PayloadStore payloads,
                  DeliveryProperties settings, PlatformSender sender) {
        this(ds, kind, clock, instance, catalog, payloads, settings, sender, DeliveryTargets::new);
    }

    /** {@code targets} makes the target store from the DataSource and the group commit (a test may wrap it). */
    EngineHarness(DataSource ds, TestDatabases.Kind kind, Clock clock, String instance, RouteCatalog catalog, PayloadStore payloads,
                  DeliveryProperties settings, PlatformSender sender, java.util.function.BiFunction<DataSource, GroupCommit, DeliveryTargets> targets) {
        this.settings = settings;
        // like one JVM: the delivery engine's group commit as the application configures it for this database
        GroupCommit commits = CommitGroups.of(new DataSourceTransactionManager(ds), kind.vendor()).delivery();
        this.queue = new DeliveryQueue(ds, commits, clock, instance);
        this.processor = new DeliveryProcessor(queue, targets.apply(ds, commits), new SendLogs(ds), new MessageTracking(ds, clock),
                new MessageLocks(ds, clock), new PayloadResolver(JSON, payloads), catalog, composer(clock),
                renderers(), sender, settings, clock, TARGET_SENDS, DeliveryMeters.none(), DeliveryTracing.none());
        this.poller = new DeliveryPoller(queue, processor, new DeliveryWakeUp(settings.pollInterval()), settings);
    }

    static PlatformSender senderFor(Clock clock, String discordUrl, String telegramUrl, DeliveryProperties settings) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        RateLimits limits = new RateLimits(clock);
        PlatformCallSettings call = new PlatformCallSettings(settings.requestTimeout(), settings.rateLimitCap(), 3);
        return new PlatformSenders(new DiscordClient(http, JSON, discordUrl, "bot-token", call, limits),
                new TelegramClient(http, JSON, telegramUrl, "123:TEST", call, limits), JSON);
    }

    /** The real selector over a fixed configuration (what ConfigSnapshots would hold after a load). */
    static RouteCatalog catalog(List<Group> groups, List<Route> routes) {
        ConfigSnapshot snapshot = new ConfigSnapshot(1, groups, routes);
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

    static MessageComposer composer(Clock clock) {
        I18n i18n = I18n.builtInOnly();
        return new FormatterComposer(new MessageFormatter(i18n, new EventFormatters(), clock), new GroupLogFormatter(i18n, clock));
    }

    /** No BASE_URL: messages with an avatar would go to Telegram as sendPhoto; the tests' senders have none. */
    static MessageRenderer renderers() {
        return new PlatformRenderers(new DiscordRenderer(), TestKeys.telegramRenderer(), null, null);
    }

    static DeliveryProperties settings(Duration lease) {
        return new DeliveryProperties(null, Duration.ofMillis(100), lease, 4, Duration.ofMillis(500),
                Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(200));
    }

    /** Claims and runs everything due now, on the calling thread, until nothing is due. */
    int drain() {
        int total = 0;
        while (true) {
            List<ClaimedDelivery> batch = poller.claimDue();
            if (batch.isEmpty()) {
                return total;
            }
            batch.forEach(poller::process);
            total += batch.size();
        }
    }
}
