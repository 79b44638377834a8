package dev.webhooker.ingress;

import java.time.Clock;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.audit.AuditLog;
import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryReplays;
import dev.webhooker.queue.DeliveryWakeUp;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.PayloadStore;

/** The beans the ingress route ({@code routes/ingress.camel.yaml}) calls by name. */
@Configuration(proxyBeanMethods = false)
class IngressConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(IngressConfiguration.class);

    @Bean
    BoundedBodyReader boundedBodyReader(WebhookerProperties properties) {
        long max = properties.ingress().maxBodyBytes().toBytes();
        if (max <= 0 || max > Integer.MAX_VALUE - 8) {
            throw new InvalidSettingException("WEBHOOK_MAX_BODY_BYTES", "must be between 1 and 2 GiB, got " + max);
        }
        return new BoundedBodyReader((int) max);
    }

    @Bean
    WebhookRequestReader webhookRequestReader(BoundedBodyReader bodyReader) {
        return new WebhookRequestReader(bodyReader);
    }

    @Bean
    GroupDirectory groupDirectory(ConfigSnapshots snapshots, TenantSecrets secrets) {
        return new KvGroupDirectory(snapshots, secrets);
    }

    @Bean
    NonceLedger nonceLedger(KvStore kv) {
        return new KvNonceLedger(kv);
    }

    @Bean
    WebhookVerifier webhookVerifier(GroupDirectory groups, WebhookerProperties properties,
            @Value("${webhooker.ingress.require-replay-protection:false}") boolean requireReplayProtection) {
        WebhookerProperties.Ingress ingress = properties.ingress();
        if (ingress.replayWindow().isNegative() || ingress.replayWindow().isZero()) {
            throw new InvalidSettingException("REPLAY_WINDOW", "must be positive, got " + ingress.replayWindow());
        }
        IngressSecrets secrets = new IngressSecrets(ingress.githubWebhookSecret(), ingress.giteaWebhookSecret(), requireReplayProtection);
        secrets.unconfigured().forEach(LOG::warn);
        return new WebhookVerifier(groups, secrets, new ProviderDetector(), new WebhookAuthenticator(ingress.replayWindow()),
                Clock.systemUTC());
    }

    @Bean
    WebhookNormalizer webhookNormalizer(ObjectMapper mapper,
            @Value("${webhooker.ingress.body-replay-dedup:true}") boolean bodyReplayDedup) {
        return new WebhookNormalizer(new PayloadParser(mapper), bodyReplayDedup);
    }

    @Bean
    InstallationProvisioner installationProvisioner(ConfigSnapshots snapshots, ConfigRepository repository, KvStore kv,
            AuditLog auditLog, ObjectProvider<ConfigFileSync> configFile) {
        return new InstallationProvisioner(snapshots, repository, kv, auditLog, ConfigFileSync.writesAllowed(configFile));
    }

    @Bean
    RoutePreview routePreview(ConfigSnapshots snapshots, RouteSelector selector) {
        return new RoutePreview(snapshots, selector);
    }

    @Bean
    PayloadClaimCheck payloadClaimCheck(PayloadStore store, ObjectMapper mapper, WebhookerProperties properties,
            RoutePreview routes) {
        long inlineMax = properties.ingress().payloadInlineMaxBytes().toBytes();
        if (inlineMax < 0 || inlineMax > Integer.MAX_VALUE) {
            throw new InvalidSettingException("PAYLOAD_INLINE_MAX_BYTES", "must be between 0 and 2 GiB, got " + inlineMax);
        }
        return new PayloadClaimCheck(store, mapper, (int) inlineMax, Clock.systemUTC(), routes::decide);
    }

    @Bean
    DeliveryIntake deliveryIntake(JdbcTemplate jdbc, CommitGroups commits, DatabaseUrl databaseUrl,
            NonceLedger nonces, WebhookerProperties properties, DeliveryWakeUp wakeUp, DeliveryQueue queue,
            DeliveryReplays replays) {
        if (properties.ingress().dedupWindow().isNegative() || properties.ingress().dedupWindow().isZero()) {
            throw new InvalidSettingException("DEDUP_WINDOW", "must be positive, got " + properties.ingress().dedupWindow());
        }
        return new DeliveryIntake(jdbc, commits.intake(), databaseUrl.vendor(), nonces, properties.ingress().dedupWindow(),
                Clock.systemUTC(), wakeUp::signal, queue, replays);
    }

    @Bean
    DeliveryIdempotentRepository deliveryIdempotentRepository(DeliveryIntake intake) {
        return new DeliveryIdempotentRepository(intake);
    }

    @Bean
    IngressLog ingressLog(DeliveryTracing deliveryTracing) {
        return new IngressLog(deliveryTracing);
    }

    @Bean
    IngressResponses ingressResponses(MeterRegistry meterRegistry) {
        return new IngressResponses(new IngressMeters(meterRegistry));
    }
}
