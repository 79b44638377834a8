package dev.webhooker.platform.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetAddressGuardTest {

    /** Names resolved without DNS: a public host, hosts that point inside, one with a mixed answer. */
    static final Map<String, String[]> DNS = Map.of(
            "hooks.example.com", new String[] {"93.184.216.34"},
            "internal.example.com", new String[] {"10.1.2.3"},
            "sneaky.example.com", new String[] {"93.184.216.34", "192.168.0.10"},
            "metadata.google.internal", new String[] {"169.254.169.254"});

    static InetAddress[] resolve(String host) throws UnknownHostException {
        String[] answer = DNS.get(host);
        if (answer == null) {
            // address literals resolve to themselves; anything else is unknown here
            if (host.matches("[0-9.]+|.*:.*")) {
                return new InetAddress[] {InetAddress.getByName(host)};
            }
            throw new UnknownHostException(host);
        }
        InetAddress[] addresses = new InetAddress[answer.length];
        for (int i = 0; i < answer.length; i++) {
            addresses[i] = InetAddress.getByName(answer[i]);
        }
        return addresses;
    }

    private final TargetAddressGuard guard = TargetAddressGuard.allowing(null, TargetAddressGuardTest::resolve);

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1/hook", "http://127.8.9.10:8080/", "http://[::1]/", "http://169.254.169.254/latest/meta-data",
            "http://10.0.0.1/", "http://10.255.255.255/", "http://172.16.5.4/", "http://192.168.1.1/", "http://100.64.0.1/",
            "http://[fd00::1]/", "http://[fd00:ec2::254]/", "http://[fe80::1]/", "http://0.0.0.0/", "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:10.0.0.1]/", "http://[64:ff9b::a00:1]/", "http://224.0.0.1/",
            "https://internal.example.com/hook", "https://metadata.google.internal/computeMetadata/v1/",
            "https://sneaky.example.com/hook"})
    void addressesInsideAreRefused(String url) {
        TargetAddressGuard.Decision decision = guard.check(URI.create(url));

        assertThat(decision.allowed()).as(url).isFalse();
        assertThat(decision.refusal()).contains("resolves to").contains("WEBHOOK_TARGET_ALLOW");
    }

    @Test
    void aPublicHostIsAllowedAndPinnedToTheAddressThatWasChecked() {
        TargetAddressGuard.Decision decision = guard.check(URI.create("https://hooks.example.com/in"));

        assertThat(decision.allowed()).isTrue();
        assertThat(decision.address().getHostAddress()).isEqualTo("93.184.216.34");
    }

    @Test
    void onlyHttpAndHttpsAreSentTo() {
        assertThat(guard.check(URI.create("file:///etc/passwd")).refusal()).isEqualTo("only http and https URLs are sent to");
        assertThat(guard.check(URI.create("gopher://hooks.example.com/")).allowed()).isFalse();
    }

    @Test
    void aHostThatDoesNotResolveIsWorthAnotherTryNotARefusal() {
        TargetAddressGuard.Decision decision = guard.check(URI.create("https://gone.example.com/"));

        assertThat(decision.allowed()).isFalse();
        assertThat(decision.refusal()).isNull();
        assertThat(decision.unresolved()).contains("gone.example.com");
    }

    @Test
    void theOperatorsAllowListOpensHostsAddressesAndRanges() {
        TargetAddressGuard open = TargetAddressGuard.allowing(" internal.example.com, 127.0.0.1 ,192.168.0.0/16, fd00::/8",
                TargetAddressGuardTest::resolve);

        assertThat(open.check(URI.create("https://internal.example.com/hook")).allowed()).isTrue();
        assertThat(open.check(URI.create("http://127.0.0.1:9000/")).allowed()).isTrue();
        assertThat(open.check(URI.create("http://192.168.44.2/")).allowed()).isTrue();
        assertThat(open.check(URI.create("http://[fd00::5]/")).allowed()).isTrue();
        assertThat(open.check(URI.create("http://127.0.0.2/")).allowed()).as("only the address listed").isFalse();
        assertThat(open.check(URI.create("http://10.0.0.1/")).allowed()).isFalse();
    }

    @Test
    void anAllowListEntryThatIsNoneOfThoseIsRefusedAtOnce() {
        assertThatThrownBy(() -> TargetAddressGuard.allowing("10.0.0.0/99", TargetAddressGuardTest::resolve))
                .hasMessage("WEBHOOK_TARGET_ALLOW: 10.0.0.0/99 is not a host name, an address or a CIDR range");
    }
}
