package dev.webhooker.ingress;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Step "provision": a GitHub App {@code installation.created} delivery binds the groups whose
 * owners contain the installing account, or creates group {@code inst-{id}}; {@code installation.deleted}
 * removes the binding again, so an uninstalled App leaves no group gated on a dead installation.
 * Only on the GLOBAL endpoint, which the operator's secret protects: a tenant can no longer forge it with
 * its own group secret. Provisioning is idempotent (an already bound installation is left alone), so a
 * redelivery repeats nothing. Each group changed gets an audit row ({@code installation.created} /
 * {@code installation.deleted}, actor = the account login).
 *
 * <p>In config-file sync mode the file is authoritative (the next file change would silently undo a
 * database write), so nothing is written and a warning says what to change in the file instead.
 * Failures are logged and do not stop the delivery itself.
 */
public final class InstallationProvisioner {

    private static final Logger LOG = LoggerFactory.getLogger(InstallationProvisioner.class);
    private static final int LOCK_ROUNDS = 5;

    private final ConfigSnapshots snapshots;
    private final ConfigRepository repository;
    private final KvStore kv;
    private final AuditLog audit;
    private final BooleanSupplier configWritesAllowed;

    public InstallationProvisioner(ConfigSnapshots snapshots, ConfigRepository repository, KvStore kv, AuditLog audit,
                                   BooleanSupplier configWritesAllowed) {
        this.snapshots = snapshots;
        this.repository = repository;
        this.kv = kv;
        this.audit = audit;
        this.configWritesAllowed = configWritesAllowed;
    }

    public IncomingDelivery provision(IncomingDelivery delivery) {
        if (delivery.groupId() != null || delivery.provider() != Provider.GITHUB || !"installation".equals(delivery.event())
                || delivery.installationId() == null) {
            return delivery;
        }
        String action = delivery.payload().path("action").asText();
        if (!"created".equals(action) && !"deleted".equals(action)) {
            return delivery;
        }
        long installationId = delivery.installationId();
        JsonNode loginNode = delivery.payload().path("installation").path("account").path("login");
        String login = loginNode.isTextual() ? loginNode.textValue().trim() : "";
        try {
            List<String> changed = "created".equals(action) ? provision(installationId, login, null).groupIds() : unbind(installationId);
            for (String groupId : changed) {
                audit.record(AuditEntry.of("installation." + action).actor(null, login.isEmpty() ? null : login).onGroup(groupId));
            }
        } catch (RuntimeException e) {
            LOG.error("{} of installation {} failed: {}", "created".equals(action) ? "provisioning" : "unbinding", installationId,
                    e.toString());
        }
        return delivery;
    }

    /**
     * What provisioning did: the groups it bound or created (empty when the installation was already bound,
     * see {@code boundTo}, or when the config file forbids writes), and whether it created {@code inst-{id}}.
     */
    public record Provisioning(List<String> groupIds, boolean created, String boundTo) {
    }

    /**
     * The install flow's "new group" choice after the user proved they can see the
     * installation. For a super admin ({@code creator} null) the same algorithm as the webhook. For anyone
     * else it only creates {@code inst-{id}} with {@code creator} as its owner, within {@code creatorGroupLimit}
     * groups owned by them (a {@link dev.webhooker.store.TenantLimitException} beyond): it binds no group the
     * user does not own, so an existing {@code inst-{id}} is reported in {@code boundTo} like a bound group, and
     * a bound group is never joined.
     */
    public Provisioning provisionInstallation(long installationId, String login, Group.Member creator, int creatorGroupLimit) {
        return provision(installationId, login == null ? "" : login.trim(), creator, creatorGroupLimit);
    }

    private Provisioning provision(long installationId, String login, Group.Member creator) {
        return provision(installationId, login, creator, ConfigRepository.NO_TENANT_LIMIT);
    }

    private Provisioning provision(long installationId, String login, Group.Member creator, int creatorGroupLimit) {
        String lock = KvKeys.INST_LOCK.key(installationId);
        boolean locked = acquire(lock, installationId);
        try {
            ConfigSnapshot snapshot = snapshots.refresh();
            Optional<Group> bound = boundGroup(snapshot, installationId);
            if (bound.isPresent()) {
                return new Provisioning(List.of(), false, bound.get().id());
            }
            String id = "inst-" + installationId;
            if (creator != null && snapshot.group(id).isPresent()) {
                return new Provisioning(List.of(), false, id);
            }
            String wanted = creator != null ? "" : login.toLowerCase(Locale.ROOT);
            List<String> candidates = wanted.isEmpty() ? List.of() : snapshot.groups().stream()
                    .filter(g -> g.installationId() == null)
                    .filter(g -> g.owners().stream().anyMatch(o -> o.trim().toLowerCase(Locale.ROOT).equals(wanted)))
                    .map(Group::id)
                    .toList();
            if (!configWritesAllowed.getAsBoolean()) {
                LOG.warn("GitHub App installation {} ({}) is not bound: the config file is authoritative (sync mode); "
                        + "set installationId: {} on {} in the file", installationId, login.isEmpty() ? "unknown account" : login,
                        installationId, candidates.isEmpty() ? "a group (e.g. a new group " + id + ")" : "group(s) " + candidates);
                return new Provisioning(List.of(), false, null);
            }
            if (!candidates.isEmpty()) {
                repository.bindInstallation(candidates, installationId);
                LOG.info("installation {} bound to groups {}", installationId, candidates);
                return new Provisioning(candidates, false, null);
            }
            boolean created = snapshot.group(id).isEmpty();
            if (!created) {
                repository.bindInstallation(List.of(id), installationId);
            } else {
                String name = login.isEmpty() ? "Installation " + installationId : login;
                repository.createGroup(new Group(id, name, creator == null ? List.of() : List.of(creator), List.of(), List.of(),
                        List.of(), installationId, true, List.of(), null, null, false), () -> { },
                        creator == null ? null : creator.userId(), creatorGroupLimit);
            }
            snapshots.refresh();
            LOG.info("installation {} provisioned as group {}", installationId, id);
            return new Provisioning(List.of(id), created, null);
        } finally {
            if (locked) {
                kv.delete(lock);
            }
        }
    }

    /** Returns the groups that were bound to the uninstalled App; empty when none was or nothing may be written. */
    private List<String> unbind(long installationId) {
        List<String> bound = snapshots.refresh().groups().stream()
                .filter(g -> Long.valueOf(installationId).equals(g.installationId()))
                .map(Group::id)
                .toList();
        if (bound.isEmpty()) {
            return List.of();
        }
        if (!configWritesAllowed.getAsBoolean()) {
            LOG.warn("GitHub App installation {} was deleted, but groups {} stay bound to it: the config file is authoritative "
                    + "(sync mode); remove their installationId in the file", installationId, bound);
            return List.of();
        }
        List<String> unbound = repository.unbindInstallation(installationId);
        LOG.info("installation {} deleted: groups {} unbound", installationId, unbound);
        return unbound;
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
