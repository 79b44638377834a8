package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.DatabaseContract;

/**
 * GitHub App installation events on the real config repository, KV and audit table of each database kind:
 * provisioning and unbinding, their audit rows, the global-endpoint-only rule and config-file sync mode.
 */
abstract class InstallationProvisionerContract extends DatabaseContract {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long INSTALLATION = 957387L;

    private ConfigRepository repository;
    private ConfigSnapshots snapshots;
    private final AtomicBoolean writesAllowed = new AtomicBoolean(true);
    private InstallationProvisioner provisioner;

    @BeforeEach
    void emptyTables() {
        jdbc.update("DELETE FROM d1_routes");
        jdbc.update("DELETE FROM d1_groups");
        jdbc.update("DELETE FROM audit_logs");
        repository = ConfigRepository.on(dataSource);
        snapshots = new ConfigSnapshots(repository);
        writesAllowed.set(true);
        DatabaseUrl.Vendor vendor = kind().vendor();
        provisioner = new InstallationProvisioner(snapshots, repository, new SqlKvStore(dataSource, vendor, Clock.systemUTC()),
                AuditLog.on(dataSource), writesAllowed::get);
    }

    static Group group(String id, String... owners) {
        return new Group(id, "Group " + id, List.of(), List.of(), List.of(owners), List.of(), null, true, List.of(), null, null, false);
    }

    static IncomingDelivery installation(String action, String login, String groupId) {
        ObjectNode payload = JSON.createObjectNode();
        payload.put("action", action);
        ObjectNode installation = payload.putObject("installation");
        installation.put("id", INSTALLATION);
        installation.putObject("account").put("login", login);
        return new IncomingDelivery(Provider.GITHUB, "installation", payload, INSTALLATION, groupId, "d-" + action, 100, null);
    }

    private Long installationOf(String groupId) {
        return snapshots.refresh().group(groupId).orElseThrow().installationId();
    }

    private List<Map<String, Object>> auditRows() {
        return jdbc.queryForList("SELECT actor_id, actor_login, action, target_type, target_id, group_id, detail, ip, ts "
                + "FROM audit_logs ORDER BY id");
    }

    private static void assertAudit(Map<String, Object> row, String action, String login, String groupId) {
        assertThat(row).containsEntry("action", action).containsEntry("actor_login", login)
                .containsEntry("target_type", "group").containsEntry("target_id", groupId).containsEntry("group_id", groupId);
        assertThat(row.get("actor_id")).isNull();
        assertThat(row.get("ip")).isNull();
        assertThat(((Number) row.get("ts")).longValue()).isPositive();
    }

    @Test
    void createdWithoutAnOwnerMatchCreatesTheInstallationGroupAndAuditsIt() {
        repository.replaceAll(List.of(group("other", "someone-else")), List.of());

        provisioner.provision(installation("created", " Codertocat ", null));

        Group created = snapshots.refresh().group("inst-" + INSTALLATION).orElseThrow();
        assertThat(created.name()).isEqualTo("Codertocat");
        assertThat(created.installationId()).isEqualTo(INSTALLATION);
        assertThat(installationOf("other")).isNull();
        assertThat(auditRows()).singleElement()
                .satisfies(row -> assertAudit(row, "installation.created", "Codertocat", "inst-" + INSTALLATION));
    }

    @Test
    void createdBindsEveryUnboundGroupTheAccountOwnsWithOneAuditRowEach() {
        repository.replaceAll(List.of(group("a", "codertocat"), group("b", "x"), group("c", "CoderToCat")), List.of());

        provisioner.provision(installation("created", "Codertocat", null));

        assertThat(snapshots.refresh().groups()).extracting(Group::installationId).containsExactly(INSTALLATION, null, INSTALLATION);
        List<Map<String, Object>> rows = auditRows();
        assertThat(rows).hasSize(2);
        assertAudit(rows.get(0), "installation.created", "Codertocat", "a");
        assertAudit(rows.get(1), "installation.created", "Codertocat", "c");
    }

    @Test
    void aRedeliveredCreatedChangesAndAuditsNothing() {
        provisioner.provision(installation("created", "Codertocat", null));
        provisioner.provision(installation("created", "Codertocat", null));

        assertThat(snapshots.refresh().groups()).hasSize(1);
        assertThat(auditRows()).hasSize(1);
    }

    @Test
    void deletedUnbindsEveryBoundGroupAndAuditsEach() {
        repository.replaceAll(List.of(group("a", "codertocat"), group("b", "x"), group("c", "codertocat")), List.of());
        provisioner.provision(installation("created", "Codertocat", null));
        jdbc.update("DELETE FROM audit_logs");

        IncomingDelivery deleted = installation("deleted", "Codertocat", null);
        assertThat(provisioner.provision(deleted)).isSameAs(deleted);

        assertThat(snapshots.refresh().groups()).extracting(Group::installationId).containsOnlyNulls();
        List<Map<String, Object>> rows = auditRows();
        assertThat(rows).hasSize(2);
        assertAudit(rows.get(0), "installation.deleted", "Codertocat", "a");
        assertAudit(rows.get(1), "installation.deleted", "Codertocat", "c");
        // a redelivery finds nothing bound any more
        provisioner.provision(deleted);
        assertThat(auditRows()).hasSize(2);
    }

    @Test
    void groupEndpointsAndOtherActionsChangeNothing() {
        repository.replaceAll(List.of(group("a", "codertocat")), List.of());

        provisioner.provision(installation("created", "Codertocat", "a"));
        provisioner.provision(installation("suspend", "Codertocat", null));
        assertThat(installationOf("a")).isNull();

        repository.bindInstallation(List.of("a"), INSTALLATION);
        provisioner.provision(installation("deleted", "Codertocat", "a"));
        assertThat(installationOf("a")).isEqualTo(INSTALLATION);
        assertThat(auditRows()).isEmpty();
    }

    @Test
    void inSyncModeTheFileStaysAuthoritativeAndNothingIsWritten() {
        repository.replaceAll(List.of(group("a", "codertocat"), group("b", "x")), List.of());
        writesAllowed.set(false);

        provisioner.provision(installation("created", "Codertocat", null));
        assertThat(snapshots.refresh().groups()).extracting(Group::installationId).containsOnlyNulls();

        repository.bindInstallation(List.of("b"), INSTALLATION);
        provisioner.provision(installation("deleted", "Codertocat", null));
        assertThat(installationOf("b")).isEqualTo(INSTALLATION);
        assertThat(auditRows()).isEmpty();
    }

    @Test
    void aFailingAuditNeverStopsProvisioning() throws Exception {
        // an audit log on a database without the audit table: every insert fails
        DataSource empty = new org.springframework.jdbc.datasource.DriverManagerDataSource(
                "jdbc:h2:mem:no-audit-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        provisioner = new InstallationProvisioner(snapshots, repository,
                new SqlKvStore(dataSource, kind().vendor(),
                        Clock.systemUTC()),
                AuditLog.on(empty), writesAllowed::get);

        provisioner.provision(installation("created", "Codertocat", null));

        assertThat(snapshots.refresh().group("inst-" + INSTALLATION)).isPresent();
        provisioner.provision(installation("deleted", "Codertocat", null));
        assertThat(installationOf("inst-" + INSTALLATION)).isNull();
    }
}
