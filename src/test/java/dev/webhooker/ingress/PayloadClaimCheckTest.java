package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.store.DirectoryPayloadStore;
import dev.webhooker.testsupport.TestClock;

/** The claim check's choice between inline and parked, and what an unrouted delivery keeps. */
class PayloadClaimCheckTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int INLINE_MAX = 64;

    @TempDir
    Path dir;

    private PayloadClaimCheck check(boolean routed) {
        return new PayloadClaimCheck(new DirectoryPayloadStore(dir), JSON, INLINE_MAX,
                new TestClock(Instant.parse("2026-11-30T01:00:00Z")),
                d -> routed ? RouteDecision.to(java.util.List.of("g/r")) : RouteDecision.none("no route"));
    }

    private static IncomingDelivery delivery(String text) throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(text);
        return new IncomingDelivery(Provider.CUSTOM, "custom", payload, null, "team-a", "d-1",
                text.getBytes(StandardCharsets.UTF_8).length, null, text);
    }

    private static String bigText() {
        return "{\"title\":\"" + "x".repeat(INLINE_MAX) + "\"}";
    }

    @Test
    void aRoutedSmallPayloadStaysInline() throws Exception {
        PendingDelivery pending = check(true).park(delivery("{\"title\":\"small\"}"));
        assertThat(pending.routed()).isTrue();
        assertThat(pending.payloadJson()).isEqualTo("{\"title\":\"small\"}");
        assertThat(pending.payloadRef()).isNull();
    }

    @Test
    void aRoutedLargePayloadIsParkedUnderADatedKey() throws Exception {
        PayloadClaimCheck check = check(true);
        PendingDelivery pending = check.park(delivery(bigText()));
        assertThat(pending.payloadJson()).isNull();
        assertThat(pending.payloadRef()).matches("webhooks/2026/11/30/[0-9a-f-]{36}\\.json");
        assertThat(new DirectoryPayloadStore(dir).get(pending.payloadRef()))
                .hasValueSatisfying(b -> assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo(bigText()));
        check.discardIfParked(pending);
        assertThat(new DirectoryPayloadStore(dir).get(pending.payloadRef())).isEmpty();
    }

    @Test
    void anUnroutedDeliveryKeepsNoPayloadInlineOrParked() throws Exception {
        for (String text : new String[] {"{\"title\":\"small\"}", bigText()}) {
            PendingDelivery pending = check(false).park(delivery(text));
            assertThat(pending.routed()).isFalse();
            assertThat(pending.payloadJson()).isNull();
            assertThat(pending.payloadRef()).isNull();
        }
        assertThat(new DirectoryPayloadStore(dir).list("webhooks/")).isEmpty();
    }

    @Test
    void whatWaitsForTheCommitKeepsTheDeliveryButNotItsParsedPayload() throws Exception {
        IncomingDelivery received = delivery("{\"title\":\"small\"}");
        for (boolean routed : new boolean[] {true, false}) {
            PendingDelivery pending = check(routed).park(received);
            assertThat(pending.delivery().payload()).isNull();
            assertThat(pending.delivery().payloadText()).isNull();
            assertThat(pending.delivery().dedupKey()).isEqualTo(received.dedupKey());
            assertThat(pending.delivery()).usingRecursiveComparison().ignoringFields("payload", "payloadText")
                    .isEqualTo(received);
        }
    }
}
