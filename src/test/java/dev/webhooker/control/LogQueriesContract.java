package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.testsupport.TestDatabases;

/** Pages of send logs and audit entries across several groups: one merged statement, newest first, cursor by id. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LogQueriesContract {

    private JdbcTemplate jdbc;
    private LogQueries queries;

    abstract TestDatabases.Kind kind();

    @BeforeAll
    void database() {
        DataSource dataSource = TestDatabases.create(kind());
        jdbc = new JdbcTemplate(dataSource);
        queries = new LogQueries(jdbc, new com.fasterxml.jackson.databind.ObjectMapper());
    }

    @BeforeEach
    void rows() {
        jdbc.update("DELETE FROM send_logs");
        jdbc.update("DELETE FROM audit_logs");
        // 30 rows, round robin over a, b, c and no group; every fifth failed
        for (int i = 0; i < 30; i++) {
            String group = switch (i % 4) { case 0 -> "a"; case 1 -> "b"; case 2 -> "c"; default -> null; };
            jdbc.update("INSERT INTO send_logs (ts, route_id, event, target, ok, group_id) VALUES (?, ?, 'push', 't', ?, ?)",
                    1_000 + i, "r" + i, i % 5 == 0 ? 0 : 1, group);
            jdbc.update("INSERT INTO audit_logs (ts, action, group_id) VALUES (?, ?, ?)", 1_000 + i, "a" + i, group);
        }
    }

    private List<Map<String, Object>> logs(List<String> groups, String groupId, Boolean ok, Long before, int limit) {
        return queries.sendLogs(new LogQueries.SendLogFilter(groups, groupId, null, null, null, ok, null, null, null, null, before, limit));
    }

    private static List<String> routes(List<Map<String, Object>> rows) {
        return rows.stream().map(r -> (String) r.get("routeId")).toList();
    }

    @Test
    void twoGroupsArePagedAsOneNewestFirstListWithNothingSkippedOrRepeated() {
        List<String> seen = new ArrayList<>();
        Long before = null;
        while (true) {
            List<Map<String, Object>> page = logs(List.of("a", "b"), null, null, before, 4);
            if (page.isEmpty()) {
                break;
            }
            seen.addAll(routes(page));
            before = (Long) page.get(page.size() - 1).get("id");
        }
        List<String> expected = new ArrayList<>();
        for (int i = 29; i >= 0; i--) {
            if (i % 4 == 0 || i % 4 == 1) {
                expected.add("r" + i);
            }
        }
        assertThat(seen).containsExactlyElementsOf(expected);
    }

    @Test
    void filtersApplyInsideEveryGroupAndAGroupFilterOutsideTheScopeGivesNothing() {
        assertThat(routes(logs(List.of("a", "b", "c"), null, false, null, 10)))
                .containsExactly("r25", "r20", "r10", "r5", "r0").doesNotContain("r15");
        assertThat(routes(logs(List.of("a", "b"), "b", null, null, 3))).containsExactly("r29", "r25", "r21");
        assertThat(logs(List.of("a"), "c", null, null, 10)).isEmpty();
        assertThat(logs(List.of(), null, null, null, 10)).isEmpty();
        assertThat(routes(logs(null, null, null, null, 2))).as("super admins: every row, none of a group too").containsExactly("r29", "r28");
    }

    @Test
    void auditPagesAreScopedTheSameWay() {
        List<Map<String, Object>> page = queries.audit(new LogQueries.AuditFilter(List.of("c", "a"), null, null, null, null, null, 3));
        assertThat(page).extracting(r -> r.get("action")).containsExactly("a28", "a26", "a24");
    }
}
