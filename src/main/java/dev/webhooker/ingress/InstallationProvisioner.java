package dev.webhooker.ingress;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Step "provision" (spec §1.9): a GitHub App {@code installation.created} delivery binds the groups whose
 * owners contain the installing account, or creates group {@code inst-{id}}. Only on the GLOBAL endpoint,
 * which the operator's secret protects: a tenant can no longer forge it with its own group secret (P8).
 * Provisioning is idempotent (an already bound installation is left alone), so a redelivery repeats
 * nothing. Failures are logged and do not stop the delivery itself.
 */
public final class InstallationProvisioner {

    private static final Logger LOG = LoggerFactory.getLogger(InstallationProvisioner.class);
    private static final int LOCK_ROUNDS = 5;

    private final ConfigSnapshots snapshots;
    private final ConfigRepository repository;
    private final KvStore kv;

    public InstallationProvisioner(ConfigSnapshots snapshots, ConfigRepository repository, KvStore kv) {
        this.snapshots = snapshots;
        this.repository = repository;
        this.kv = kv;
    }

    public IncomingDelivery provision(IncomingDelivery delivery) {
        if (delivery.groupId() != null || delivery.provider() != Provider.GITHUB || !"installation".equals(delivery.event())
                || !"created".equals(delivery.payload().path("action").asText()) || delivery.installationId() == null) {
            return delivery;
        }
        long installationId = delivery.installationId();
        try {
            provision(installationId, delivery.payload().path("installation").path("account").path("login"));
        } catch (RuntimeException e) {
            LOG.error("provisioning of installation {} failed: {}", installationId, e.toString());
        }
        return delivery;
    }

    private void provision(long installationId, JsonNode loginNode) {
        String lock = KvKeys.INST_LOCK.key(installationId);
        boolean locked = acquire(lock, installationId);
        try {
            ConfigSnapshot snapshot = snapshots.refresh();
            if (boundGroup(snapshot, installationId).isPresent()) {
                return;
            }
            String login = loginNode.isTextual() ? loginNode.textValue().trim() : "";
            String wanted = login.toLowerCase(Locale.ROOT);
            List<String> candidates = wanted.isEmpty() ? List.of() : snapshot.groups().stream()
                    .filter(g -> g.installationId() == null)
                    .filter(g -> g.owners().stream().anyMatch(o -> o.trim().toLowerCase(Locale.ROOT).equals(wanted)))
                    .map(Group::id)
                    .toList();
            if (!candidates.isEmpty()) {
                repository.bindInstallation(candidates, installationId);
                LOG.info("installation {} bound to groups {}", installationId, candidates);
                return;
            }
            String id = "inst-" + installationId;
            if (snapshot.group(id).isPresent()) {
                repository.bindInstallation(List.of(id), installationId);
            } else {
                String name = login.isEmpty() ? "Installation " + installationId : login;
                repository.createGroup(new Group(id, name, List.of(), List.of(), List.of(), List.of(), installationId, true,
                        List.of(), null, null, false));
            }
            LOG.info("installation {} provisioned as group {}", installationId, id);
        } finally {
            if (locked) {
                kv.delete(lock);
            }
        }
    }

    /** Waits a little for a concurrent provisioning of the same installation; proceeds unlocked after that. */
    private boolean acquire(String lock, long installationId) {
        for (int round = 0; round < LOCK_ROUNDS; round++) {
            if (kv.putIfAbsent(lock, "1", KvKeys.INST_LOCK.ttl())) {
                return true;
            }
            if (boundGroup(snapshots.refresh(), installationId).isPresent()) {
                return false;
            }
            try {
                Thread.sleep(40L * (round + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private static Optional<Group> boundGroup(ConfigSnapshot snapshot, long installationId) {
        return snapshot.groups().stream().filter(g -> Long.valueOf(installationId).equals(g.installationId())).findFirst();
    }
}
