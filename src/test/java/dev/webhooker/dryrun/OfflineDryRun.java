package dev.webhooker.dryrun;

import java.time.Clock;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.webhooker.format.EventFormatters;
import dev.webhooker.format.I18n;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.ingress.PayloadParser;
import dev.webhooker.ingress.WebhookNormalizer;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.ConfigSource;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.testsupport.TestPlatforms;

/** A {@link DryRun} wired as the application wires it, over a configuration the test hands in. */
public final class OfflineDryRun {

    private OfflineDryRun() {
    }

    /** {@code inForce} is asked for the configuration in force at every run; {@code revision} is its version. */
    public static DryRun over(Supplier<ConfigSnapshot> inForce, long revision, Clock clock) {
        return new DryRun(new ConfigSnapshots(new ConfigSource() {
            @Override
            public ConfigSnapshot load() {
                return inForce.get();
            }

            @Override
            public long revision() {
                return revision;
            }
        }), new RouteSelector(), new MessageFormatter(I18n.builtInOnly(), new EventFormatters(), clock),
                TestPlatforms.all(),
                new WebhookNormalizer(new PayloadParser(new ObjectMapper())), 1024 * 1024, clock, null);
    }
}
