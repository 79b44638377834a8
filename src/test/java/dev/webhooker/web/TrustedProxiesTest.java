package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class TrustedProxiesTest {

    private final TrustedProxies proxies = TrustedProxies.parse(" 10.0.0.0/8, 192.168.1.5 ,fd00::/8");

    @Test
    void aPeerThatIsNoTrustedProxyIsTheClientWhateverItForwards() {
        assertThat(proxies.client("203.0.113.9", List.of("198.51.100.1"))).isEqualTo("203.0.113.9");
        assertThat(TrustedProxies.parse("").client("10.0.0.1", List.of("198.51.100.1"))).isEqualTo("10.0.0.1");
        assertThat(TrustedProxies.parse("").isEmpty()).isTrue();
    }

    @Test
    void theClientIsTheRightmostHopThatIsNoTrustedProxy() {
        assertThat(proxies.client("10.1.2.3", List.of("198.51.100.1"))).isEqualTo("198.51.100.1");
        // the leftmost hop could have been written by the client itself: the first untrusted hop from the right wins
        assertThat(proxies.client("10.1.2.3", List.of("1.1.1.1", "198.51.100.1", "192.168.1.5"))).isEqualTo("198.51.100.1");
        assertThat(proxies.client("fd12::1", List.of("[2001:db8::7]"))).isEqualTo("2001:db8::7");
        assertThat(proxies.client("10.1.2.3", List.of("10.9.9.9", "192.168.1.5"))).as("all trusted: the leftmost").isEqualTo("10.9.9.9");
        assertThat(proxies.client("10.1.2.3", List.of())).isEqualTo("10.1.2.3");
        assertThat(proxies.client("10.1.2.3", List.of("198.51.100.1", "unknown"))).as("stops at a hop that is no address")
                .isEqualTo("10.1.2.3");
    }

    @Test
    void onlyAddressesAndRangesAreAccepted() {
        assertThat(TrustedProxies.isRange("10.0.0.0/8")).isTrue();
        assertThat(TrustedProxies.isRange("::1")).isTrue();
        assertThat(TrustedProxies.isRange("proxy.internal")).isFalse();
        assertThat(TrustedProxies.isRange("10.0.0.0/40")).isFalse();
        assertThatThrownBy(() -> TrustedProxies.parse("10.0.0.1,localhost")).hasMessageContaining("localhost");
        assertThat(proxies.trusts("localhost")).isFalse();
    }
}
