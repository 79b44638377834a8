package dev.webhooker.importer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The rules of the import that need no database: which tables are bookkeeping, how a dedup key maps. */
class WebHookerImportRulesTest {

    @Test
    void theBookkeepingTablesOfSqliteD1AndWranglerAreInternalAndWebHookersAreNot() {
        assertThat(WebHookerImport.internal("sqlite_sequence")).hasValueSatisfying(r -> assertThat(r).startsWith("internal table"));
        assertThat(WebHookerImport.internal("sqlite_stat1")).isPresent();
        assertThat(WebHookerImport.internal("_cf_kv")).isPresent();
        assertThat(WebHookerImport.internal("d1_migrations")).isPresent();
        assertThat(WebHookerImport.internal("d1_custom_migrations")).isPresent();
        assertThat(WebHookerImport.internal("d1_groups")).isEmpty();
        assertThat(WebHookerImport.internal("d1_routes")).isEmpty();
        assertThat(WebHookerImport.internal("experiments")).isEmpty();
    }

    @Test
    void webHookersDedupKeyLosesItsPrefixAndKeepsColonsInTheDeliveryId() {
        assertThat(WebHookerImport.dedupKey("delivery:github:team:72d3162e-cc78-11e3-81ab-4c9367dc0958"))
                .hasValue("github:team:72d3162e-cc78-11e3-81ab-4c9367dc0958");
        assertThat(WebHookerImport.dedupKey("delivery:custom:global:a:b")).hasValue("custom:global:a:b");
        assertThat(WebHookerImport.dedupKey("delivery:gitea:ops:7")).hasValue("gitea:ops:7");
        assertThat(WebHookerImport.dedupKey("github:team:d-1")).as("not WebHooker's form").isEmpty();
        assertThat(WebHookerImport.dedupKey("delivery:d-1")).as("an older WebHooker's key, without provider").isEmpty();
        assertThat(WebHookerImport.dedupKey("delivery:team:d-1")).isEmpty();
        assertThat(WebHookerImport.dedupKey("delivery:slack:team:d-1")).isEmpty();
        assertThat(WebHookerImport.dedupKey("delivery:github::d-1")).isEmpty();
        assertThat(WebHookerImport.dedupKey(null)).isEmpty();
    }
}
