package dev.webhooker.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class D1ExportTest {

    static String resource(String name) throws IOException {
        try (var in = D1ExportTest.class.getResourceAsStream("/webhooker-import/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsWhatWranglerWritesQuotesMultiRowInsertsAndColumnsFromCreateTable() throws IOException {
        D1Export export = D1Export.parse(resource("d1-export.sql"));

        assertThat(export.tables()).containsExactly("d1_migrations", "send_logs", "dedup_keys", "delivery_state",
                "message_tracking", "d1_groups", "d1_routes", "audit_logs", "discord_links", "telegram_links",
                "sqlite_sequence", "experiments");
        assertThat(export.rows("d1_routes")).extracting(r -> r.get("id")).containsExactly("pushes", "ci", "all", "orphan");
        Map<String, Object> ops = export.rows("d1_groups").get(1);
        assertThat((String) ops.get("data")).contains("\"Ops's room\"");
        assertThat(ops.get("created_at")).isEqualTo(1764500000000L);
        assertThat(export.rows("send_logs").get(0)).containsEntry("error", null).containsEntry("ok", 1L)
                .containsEntry("target", "111111111111111111");
        assertThat(export.rows("sqlite_sequence").get(0)).containsEntry("name", "send_logs").containsEntry("seq", 2L);
    }

    @Test
    void namedColumnsWinAndTheSchemaOfWebHookerFillsInWhenThereIsNoCreateTable() {
        D1Export export = D1Export.parse("""
                -- a comment; with a quote ' in it
                BEGIN TRANSACTION;
                INSERT INTO "discord_links" ("github_user_id","discord_user_id") VALUES('7','300');
                INSERT INTO telegram_links VALUES('42','8'), ('43', '9');
                INSERT INTO [audit_logs] VALUES(1, 5, NULL, NULL, 'x', NULL, NULL, NULL, '{"a":"b;c"}', X'0A0B');
                COMMIT;
                """);

        assertThat(export.rows("discord_links")).containsExactly(Map.of("github_user_id", "7", "discord_user_id", "300"));
        assertThat(export.rows("telegram_links")).extracting(r -> r.get("telegram_user_id")).containsExactly("42", "43");
        assertThat(export.rows("audit_logs").get(0)).containsEntry("detail", "{\"a\":\"b;c\"}").containsEntry("ip", "0A0B");
    }

    @Test
    void aMalformedStatementNamesItsLine() {
        assertThatThrownBy(() -> D1Export.parse("PRAGMA x;\nINSERT INTO \"d1_groups\" VALUES('a','b');"))
                .hasMessage("line 2: INSERT INTO d1_groups has 2 values for 6 columns");
        assertThatThrownBy(() -> D1Export.parse("\n\nINSERT INTO discord_links VALUES('a, 'b');"))
                .hasMessageStartingWith("line 3: ");
    }

    @Test
    void readsWhatSqlitesOwnDumpWritesWithItsBookkeepingTableAndEscapedText() throws IOException {
        D1Export export = D1Export.parse(resource("sqlite-dump.sql"));

        assertThat(export.tables()).containsExactly("d1_migrations", "_cf_kv", "send_logs", "audit_logs", "discord_links",
                "telegram_links", "d1_groups", "d1_routes", "dedup_keys", "delivery_state", "message_tracking", "experiments",
                "sqlite_sequence");
        assertThat(export.deletes()).containsExactly(Map.entry("sqlite_sequence", 1));
        assertThat(export.rows("sqlite_sequence")).as("no CREATE TABLE for it: its values by position")
                .containsExactly(Map.of("#1", "d1_migrations", "#2", 8L), Map.of("#1", "send_logs", "#2", 2L),
                        Map.of("#1", "audit_logs", "#2", 1L));
        assertThat(export.rows("send_logs").get(1)).containsEntry("error", "Bad Request:\nchat not found\t(400)");
        assertThat(export.rows("d1_groups").get(1).get("data").toString()).contains("\"Ops's room\"");
        assertThat(export.rows("_cf_kv").get(0)).containsEntry("value", "01");
    }

    @Test
    void theExpressionsOfSqlitesDumpForControlCharactersAreEvaluated() {
        D1Export export = D1Export.parse("""
                CREATE TABLE t (a TEXT, b TEXT, c TEXT, d REAL);
                INSERT INTO t VALUES(replace(replace('x\\r\\ny','\\r',char(13)),'\\n',char(10)), unistr('tab\\0009\\u00e9\\+01F600\\\\'),
                  replace(NULL,'a','b'), -1.5e-3);
                """);

        assertThat(export.rows("t").get(0)).containsEntry("a", "x\r\ny").containsEntry("b", "tab\t\u00e9\uD83D\uDE00\\")
                .containsEntry("c", null).containsEntry("d", -1.5e-3);
        assertThatThrownBy(() -> D1Export.parse("CREATE TABLE t (a);\nINSERT INTO t VALUES(lower('A'));"))
                .hasMessage("line 2: not a value: lower(…)");
    }

    @Test
    void aKvDumpIsAnArrayOfKeyValueAndExpiration() {
        ObjectMapper mapper = new ObjectMapper();
        KvDump dump = KvDump.parse("[{\"key\":\"tenant:a\",\"value\":\"s\"},{\"key\":\"n\",\"value\":{\"x\":1},\"expiration\":9}]", mapper);

        assertThat(dump.entries()).containsExactly(new KvDump.Entry("tenant:a", "s", null), new KvDump.Entry("n", "{\"x\":1}", 9L));
        assertThatThrownBy(() -> KvDump.parse("{}", mapper)).hasMessageContaining("expected a JSON array");
        assertThatThrownBy(() -> KvDump.parse("[{\"value\":1}]", mapper)).hasMessage("[0]: expected {key, value, expiration?}");
        assertThatThrownBy(() -> KvDump.parse("[{\"key\":\"k\",\"value\":\"AA==\",\"base64\":true}]", mapper))
                .hasMessageContaining("base64");
    }
}
