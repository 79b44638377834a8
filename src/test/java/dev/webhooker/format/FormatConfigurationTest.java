package dev.webhooker.format;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.TestDatabases;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The beans other helpers inject, with and without a KvStore (wired without booting the whole app). */
class FormatConfigurationTest {

    @Test
    void withoutKvStoreBuiltInTextsOnly() {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(FormatConfiguration.class)) {
            assertThat(context.getBean(MessageFormatter.class)).isNotNull();
            assertThat(context.getBean(GroupLogFormatter.class)).isNotNull();
            assertThat(context.getBean(I18n.class).t("zh", "actions.opened", Map.of())).isEqualTo("已打开");
        }
    }

    @Test
    void withKvStoreOverridesApply() {
        SqlKvStore kv = new SqlKvStore(TestDatabases.h2(), DatabaseUrl.Vendor.H2, Clock.systemUTC());
        kv.put("i18n:zh", "{\"actions\":{\"opened\":\"开了\"}}", null);
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            context.registerBean(KvStore.class, () -> kv);
            context.register(FormatConfiguration.class);
            context.refresh();

            assertThat(context.getBean(I18n.class).t("zh", "actions.opened", Map.of())).isEqualTo("开了");
        }
    }
}
