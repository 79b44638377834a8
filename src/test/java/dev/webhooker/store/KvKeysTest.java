package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class KvKeysTest {

    @Test
    void buildsEverySeedPattern() {
        assertThat(KvKeys.CONFIG_ROUTES.key()).isEqualTo("config:routes");
        assertThat(KvKeys.CONFIG_GROUPS.key()).isEqualTo("config:groups");
        assertThat(KvKeys.SESSION.key("s1")).isEqualTo("session:s1");
        assertThat(KvKeys.TOKEN.key(42)).isEqualTo("token:42");
        assertThat(KvKeys.TOKEN_REVERSE.key("ab12")).isEqualTo("token-reverse:ab12");
        assertThat(KvKeys.STATE.key("beef")).isEqualTo("state:beef");
        assertThat(KvKeys.INVITE.key("t0k")).isEqualTo("invite:t0k");
        assertThat(KvKeys.INVITE_GROUP.key("g1")).isEqualTo("invite:group:g1");
        assertThat(KvKeys.DELIVERY_DEDUP.key("github", "g1", "d-1")).isEqualTo("delivery:github:g1:d-1");
        assertThat(KvKeys.DELIVERY_STATE.key("gitea", KvKeys.scope(null), "d-2")).isEqualTo("delivery-state:gitea:global:d-2");
        assertThat(KvKeys.QUEUE_PAYLOAD.key("custom", "g2", "d-3")).isEqualTo("queue:payload:custom:g2:d-3");
        assertThat(KvKeys.NONCE.key("n0nce")).isEqualTo("nonce:n0nce");
        assertThat(KvKeys.TENANT.key("g1")).isEqualTo("tenant:g1");
        assertThat(KvKeys.MSG.key("g1:r1:run-7", "discord:123")).isEqualTo("msg:g1:r1:run-7:discord:123");
        assertThat(KvKeys.MSG_LOCK.key("g1:r1:run-7", "discord:123")).isEqualTo("msg:lock:msg:g1:r1:run-7:discord:123");
        assertThat(KvKeys.INST_LOCK.key(77L)).isEqualTo("inst:lock:77");
        assertThat(KvKeys.CMD_GUILD.key("9")).isEqualTo("cmd:guild:9");
        assertThat(KvKeys.CMD_REGISTERED_GLOBAL.key()).isEqualTo("cmd:registered:global");
        assertThat(KvKeys.DISCORD_APP_ID.key()).isEqualTo("config:discord-app-id");
        assertThat(KvKeys.I18N.key("zh")).isEqualTo("i18n:zh");
    }

    @Test
    void ttlsAreTheSeeds() {
        assertThat(KvKeys.DELIVERY_DEDUP.ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(KvKeys.SESSION.ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(KvKeys.INVITE.ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(KvKeys.INVITE_GROUP.ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(KvKeys.STATE.ttl()).isEqualTo(Duration.ofSeconds(600));
        assertThat(KvKeys.DELIVERY_STATE.ttl()).isEqualTo(Duration.ofHours(1));
        assertThat(KvKeys.QUEUE_PAYLOAD.ttl()).isEqualTo(Duration.ofHours(1));
        assertThat(KvKeys.NONCE.ttl()).isEqualTo(Duration.ofSeconds(600));
        assertThat(KvKeys.MSG.ttl()).isEqualTo(Duration.ofDays(1));
        assertThat(KvKeys.MSG_LOCK.ttl()).isEqualTo(Duration.ofSeconds(60));
        assertThat(KvKeys.INST_LOCK.ttl()).isEqualTo(Duration.ofSeconds(60));
        assertThat(KvKeys.CONFIG_ROUTES.ttl()).isEqualTo(Duration.ofHours(1));
        assertThat(KvKeys.CONFIG_GROUPS.ttl()).isEqualTo(Duration.ofHours(1));
        assertThat(KvKeys.CMD_REGISTERED_GLOBAL.ttl()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void permanentKeysHaveNoTtl() {
        Set<KvKeys> permanent = Arrays.stream(KvKeys.values()).filter(KvKeys::permanent).collect(Collectors.toSet());
        assertThat(permanent).containsExactlyInAnyOrder(
                KvKeys.TENANT, KvKeys.CMD_GUILD, KvKeys.DISCORD_APP_ID, KvKeys.I18N, KvKeys.TELEGRAM_WEBHOOK);
        permanent.forEach(k -> assertThat(k.ttl()).as(k.name()).isNull());
    }

    @Test
    void everyOtherKeyExpires() {
        Arrays.stream(KvKeys.values())
                .filter(k -> !k.permanent() && !k.ttlFollowsTokenLifetime())
                .forEach(k -> assertThat(k.ttl()).as(k.name()).isNotNull().isPositive());
    }

    @Test
    void tokenKeysTakeTheirTtlFromTheTokenLifetime() {
        assertThat(KvKeys.TOKEN.ttlFollowsTokenLifetime()).isTrue();
        assertThat(KvKeys.TOKEN_REVERSE.ttlFollowsTokenLifetime()).isTrue();
        assertThatThrownBy(KvKeys.TOKEN::ttl).isInstanceOf(IllegalStateException.class).hasMessageContaining("tokenTtl");
        assertThatThrownBy(KvKeys.TOKEN_REVERSE::ttl).isInstanceOf(IllegalStateException.class);

        assertThat(KvKeys.tokenTtl(Duration.ofHours(8))).isEqualTo(Duration.ofMinutes(432));
        assertThat(KvKeys.tokenTtl(Duration.ofSeconds(1000))).isEqualTo(Duration.ofSeconds(900));
        assertThat(KvKeys.tokenTtl(Duration.ofSeconds(60))).isEqualTo(Duration.ofSeconds(60));
        assertThat(KvKeys.tokenTtl(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(60));
        assertThat(KvKeys.tokenTtl(Duration.ZERO)).isEqualTo(Duration.ofSeconds(60));
        assertThat(KvKeys.tokenTtl(Duration.ofMillis(66_667))).isEqualTo(Duration.ofMillis(60_000));
        assertThatThrownBy(() -> KvKeys.tokenTtl(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wrongPartsFailLoudly() {
        assertThatThrownBy(() -> KvKeys.NONCE.key()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("takes 1 part(s), got 0");
        assertThatThrownBy(() -> KvKeys.DELIVERY_DEDUP.key("github", "g1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KvKeys.CONFIG_ROUTES.key("x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KvKeys.TENANT.key((Object) null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("{groupId}");
        assertThatThrownBy(() -> KvKeys.TENANT.key("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void prefixIsTheLiteralHead() {
        assertThat(KvKeys.INVITE_GROUP.prefix()).isEqualTo("invite:group:");
        assertThat(KvKeys.DELIVERY_STATE.prefix()).isEqualTo("delivery-state:");
        assertThat(KvKeys.CMD_REGISTERED_GLOBAL.prefix()).isEqualTo("cmd:registered:global");
        assertThat(KvKeys.MSG_LOCK.prefix()).isEqualTo("msg:lock:msg:");
        assertThat(KvKeys.DELIVERY_DEDUP.parameters()).containsExactly("provider", "groupId", "deliveryId");
    }

    @Test
    void everyPatternIsDistinctAndBuildsBackFromItsParameters() {
        assertThat(Arrays.stream(KvKeys.values()).map(KvKeys::pattern).distinct().count()).isEqualTo(KvKeys.values().length);
        for (KvKeys k : KvKeys.values()) {
            Object[] parts = k.parameters().stream().map(p -> "{" + p + "}").toArray();
            assertThat(k.key(parts)).as(k.name()).isEqualTo(k.pattern());
        }
    }

    @Test
    void scopeIsTheGroupOrGlobal() {
        assertThat(KvKeys.scope("g7")).isEqualTo("g7");
        assertThat(KvKeys.scope(null)).isEqualTo(KvKeys.GLOBAL_SCOPE).isEqualTo("global");
        assertThat(KvKeys.scope("")).isEqualTo("global");
    }
}
