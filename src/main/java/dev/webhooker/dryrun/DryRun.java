package dev.webhooker.dryrun;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.webhooker.routing.SecretSeal;
import dev.webhooker.configfile.ConfigDocument;
import dev.webhooker.configfile.ConfigFileReader;
import dev.webhooker.delivery.MessageRenderer;
import dev.webhooker.format.FormattedMessage;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.ingress.Authentication;
import dev.webhooker.ingress.IncomingDelivery;
import dev.webhooker.ingress.Provider;
import dev.webhooker.ingress.ProviderDetector;
import dev.webhooker.ingress.ReceivedWebhook;
import dev.webhooker.ingress.Rejection;
import dev.webhooker.ingress.VerifiedWebhook;
import dev.webhooker.ingress.WebhookHeaders;
import dev.webhooker.ingress.WebhookNormalizer;
import dev.webhooker.ingress.WebhookRejectedException;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * Shows what a webhook would do without doing it: which routes fire and the message each target would get, in its
 * platform's shape. It goes through the same steps as a real delivery — provider detection, payload
 * parsing, Gitea normalization and custom-payload validation of ingress, route selection, formatting,
 * rendering — but checks no signature, stores nothing and sends nothing. For the admin console and API.
 *
 * <p>The configuration is the one in force, a given snapshot, or YAML/JSON text in the schema of
 * {@code config/webhooker.example.yaml} (validated as the config file is). Every bad input comes back as a
 * {@link DryRunResult.Refused} naming what is wrong; nothing is thrown for it.
 */
public class DryRun {

    static final String INVALID_CONFIG = "Invalid configuration";
    private static final String CUSTOM_SIGNATURE = "X-WebHooker-Signature";
    private static final String STANDARD_ID = "webhook-id";
    /** How the submitted config text is named in validation messages. */
    static final String CONFIG_NAME = "config";

    private final ConfigSnapshots snapshots;
    private final RouteSelector sharedSelector;
    private final MessageFormatter formatter;
    private final MessageRenderer renderer;
    private final WebhookNormalizer normalizer;
    private final ConfigFileReader configReader;
    private final ProviderDetector detector = new ProviderDetector();
    private final int maxBodyBytes;
    private final Clock clock;

    /**
     * @param sharedSelector the application's selector, used for the configuration in force (its compiled
     *                       patterns are cached); other configurations get a throw-away selector so they
     *                       never displace that cache
     */
    public DryRun(ConfigSnapshots snapshots, RouteSelector sharedSelector, MessageFormatter formatter,
            MessageRenderer renderer, WebhookNormalizer normalizer, int maxBodyBytes, Clock clock, SecretSeal seal) {
        this.configReader = new ConfigFileReader(seal);
        this.snapshots = snapshots;
        this.sharedSelector = sharedSelector;
        this.formatter = formatter;
        this.renderer = renderer;
        this.normalizer = normalizer;
        this.maxBodyBytes = maxBodyBytes;
        this.clock = clock;
    }

    /**
     * @param headers       request headers, names in any case ({@code X-GitHub-Event}, {@code X-Gitea-Event},
     *                      or a custom signature header choose the provider as on ingress)
     * @param tenantGroupId the group of a per-group endpoint, or null for the global endpoint
     * @param configText    groups and routes as YAML or JSON text; null means the configuration in force
     */
    public DryRunResult run(byte[] body, Map<String, ?> headers, String tenantGroupId, String configText) {
        if (configText == null) {
            return run(body, headers, tenantGroupId, snapshots.current(), sharedSelector);
        }
        ConfigDocument document;
        try {
            document = configReader.parse(configText.getBytes(StandardCharsets.UTF_8), CONFIG_NAME);
        } catch (InvalidConfigException e) {
            return new DryRunResult.Refused(INVALID_CONFIG, e.getMessage(), e.errors());
        }
        return run(body, headers, tenantGroupId, new ConfigSnapshot(0, document.groups(), document.routes()));
    }

    /** The same against a given configuration (e.g. one being edited in the console). */
    public DryRunResult run(byte[] body, Map<String, ?> headers, String tenantGroupId, ConfigSnapshot config) {
        return run(body, headers, tenantGroupId, config, new RouteSelector());
    }

    private DryRunResult run(byte[] body, Map<String, ?> headers, String tenantGroupId, ConfigSnapshot config,
            RouteSelector selector) {
        IncomingDelivery delivery;
        try {
            delivery = normalize(body == null ? new byte[0] : body, headers == null ? Map.of() : headers, tenantGroupId,
                    config);
        } catch (WebhookRejectedException e) {
            return new DryRunResult.Refused(e.rejection().error(), e.detail(), List.of());
        }
        WebhookEvent event = delivery.toEvent();
        Map<String, Group> groups = config.groupsById();
        List<DryRunResult.FiredRoute> fired = new ArrayList<>();
        for (Route route : selector.select(config, event)) {
            Group group = route.groupId() == null ? null : groups.get(route.groupId());
            FormattedMessage message = formatter.format(event, group, route, clock.instant());
            fired.add(new DryRunResult.FiredRoute(route.id(), route.groupId(), route.name(), message,
                    renderTargets(route, message, event)));
        }
        List<DryRunResult.SkippedRoute> skipped = selector.skipped(config, event).stream()
                .map(s -> new DryRunResult.SkippedRoute(s.route().id(), s.route().groupId(), s.route().name(), s.reason()))
                .toList();
        return new DryRunResult.Preview(delivery.provider().wireName(), delivery.event(), delivery.deliveryId(), fired,
                fired.isEmpty() ? selector.whyNone(config, event) : null, skipped);
    }

    /** Ingress's own steps minus the signature check, so a payload is refused here exactly as there. */
    private IncomingDelivery normalize(byte[] body, Map<String, ?> headerMap, String tenantGroupId, ConfigSnapshot config) {
        if (body.length > maxBodyBytes) {
            throw new WebhookRejectedException(Rejection.TOO_LARGE, "the body is larger than " + maxBodyBytes + " bytes");
        }
        if (tenantGroupId != null && config.group(tenantGroupId).isEmpty()) {
            throw new WebhookRejectedException(Rejection.GROUP_NOT_FOUND,
                    "no group " + ConfigError.quote(tenantGroupId) + " in the configuration");
        }
        WebhookHeaders headers = WebhookHeaders.of(headerMap);
        Provider provider = detector.detect(headers);
        ReceivedWebhook received = new ReceivedWebhook(tenantGroupId, headers, body, headers.get("Content-Type"));
        // as after a checked Standard Webhooks signature, its message id is the delivery id
        boolean standardWebhooks = provider == Provider.CUSTOM && !headers.has(CUSTOM_SIGNATURE);
        Authentication unverified = new Authentication(null, standardWebhooks ? headers.get(STANDARD_ID) : null);
        return normalizer.normalize(new VerifiedWebhook(received, provider, unverified));
    }

    /** Each distinct target of the route once, as the engine plans them. */
    private List<DryRunResult.RenderedTarget> renderTargets(Route route, FormattedMessage message, WebhookEvent event) {
        List<DryRunResult.RenderedTarget> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Target target : route.targets()) {
            if (!seen.add(target.platform() + "\n" + target.id())) {
                continue;
            }
            try {
                out.add(new DryRunResult.RenderedTarget(target, renderer.render(target, message.message(), event), null));
            } catch (RuntimeException e) {
                // the engine would record this target as failed; show that instead of failing the whole preview
                out.add(new DryRunResult.RenderedTarget(target, null, "rendering failed: " + e));
            }
        }
        return out;
    }
}
