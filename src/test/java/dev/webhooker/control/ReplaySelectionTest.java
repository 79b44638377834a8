package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

import dev.webhooker.control.ReplaySelection.Caller;
import dev.webhooker.control.ReplaySelection.Named;
import dev.webhooker.control.ReplaySelection.Row;
import dev.webhooker.control.ReplaySelection.Stored;
import dev.webhooker.queue.DeliveryReplays.TargetRef;

class ReplaySelectionTest {

    /** Admin in "a", viewer in "b", nothing in "c". */
    private static final Caller ADMIN_OF_A = new Caller(Set.of("a", "b")::contains, Set.of("a")::contains);
    private static final Caller SUPER = new Caller(g -> true, g -> true);

    private static Stored stored(String key, String status, boolean payloadKept, Row... rows) {
        return new Stored(key, status, null, payloadKept, List.of(rows));
    }

    private static Row row(String group, String target, String status) {
        return new Row(group, "r-" + group, target, status);
    }

    private static HttpStatus refusal(List<Stored> stored, Caller caller, Named named) {
        try {
            ReplaySelection.choose("d1", stored, caller, named);
        } catch (AdminApiException e) {
            return e.status();
        }
        throw new AssertionError("not refused");
    }

    @Test
    void everyFailedAndDeadTargetOfTheCallersReplayableGroupsAndNoOther() {
        Stored d = stored("k1", "failed", true, row("a", "t1", "failed"), row("a", "t2", "delivered"), row("a", "t3", "dead"),
                row("b", "t4", "failed"), row("c", "t5", "dead"));

        Map<String, List<TargetRef>> chosen = ReplaySelection.choose("d1", List.of(d), ADMIN_OF_A, null);

        assertThat(chosen.get("k1")).containsExactly(new TargetRef("a", "r-a", "t1"), new TargetRef("a", "r-a", "t3"));
        assertThat(ReplaySelection.choose("d1", List.of(d), SUPER, null).get("k1")).extracting(TargetRef::targetId)
                .containsExactly("t1", "t3", "t4", "t5");
    }

    @Test
    void aDeliveredDeliveryHasNothingToReplayAndOneInFlightMustEndFirst() {
        assertThat(refusal(List.of(stored("k1", "delivered", false, row("a", "t1", "delivered"))), ADMIN_OF_A, null))
                .isEqualTo(HttpStatus.CONFLICT);
        assertThatThrownBy(() -> ReplaySelection.choose("d1", List.of(stored("k1", "retrying", true, row("a", "t1", "dead"),
                row("a", "t2", "retrying"))), ADMIN_OF_A, null)).hasMessage("Delivery in progress");
    }

    @Test
    void aDiscardedPayloadIsGone() {
        assertThat(refusal(List.of(stored("k1", "dead", false, row("a", "t1", "dead"))), ADMIN_OF_A, null)).isEqualTo(HttpStatus.GONE);
        assertThat(refusal(List.of(stored("k1", "dead", false, row("a", "t1", "dead"))), ADMIN_OF_A, new Named(null, "r-a", "t1")))
                .isEqualTo(HttpStatus.GONE);
    }

    @Test
    void aViewerMayNotReplayAndAnOutsiderDoesNotSeeTheDelivery() {
        Stored inB = stored("k1", "failed", true, row("b", "t1", "failed"));
        assertThat(refusal(List.of(inB), ADMIN_OF_A, null)).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(refusal(List.of(inB), ADMIN_OF_A, new Named(null, "r-b", "t1"))).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(refusal(List.of(stored("k1", "failed", true, row("c", "t1", "failed"))), ADMIN_OF_A, null))
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void aNamedTargetIsChosenAloneADeliveredOneIsRefusedAndAnUnknownOneIsNotFound() {
        Stored d = stored("k1", "failed", true, row("a", "t1", "failed"), row("a", "t2", "failed"), row("a", "t3", "delivered"));

        assertThat(ReplaySelection.choose("d1", List.of(d), ADMIN_OF_A, new Named(null, "r-a", "t2")))
                .containsExactly(Map.entry("k1", List.of(new TargetRef("a", "r-a", "t2"))));
        assertThat(refusal(List.of(d), ADMIN_OF_A, new Named(null, "r-a", "t3"))).isEqualTo(HttpStatus.CONFLICT);
        assertThat(refusal(List.of(d), ADMIN_OF_A, new Named(null, "r-a", "t9"))).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(refusal(List.of(d), ADMIN_OF_A, new Named("b", "r-a", "t2"))).as("another group's route of that id")
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void ofSeveralStoredCopiesTheEndedOnesAreReplayedAndTheRestLeftAlone() {
        Stored delivered = stored("k1", "delivered", false, row("a", "t1", "delivered"));
        Stored dead = stored("k2", "dead", true, row("a", "t1", "dead"));

        assertThat(ReplaySelection.choose("d1", List.of(delivered, dead), ADMIN_OF_A, null)).containsOnlyKeys("k2");
    }

    @Test
    void oneThatEndedBeforeItsPlanIsReplayedWholeByTheEndpointGroupsAdminsOrBySuperAdminsForTheGlobalEndpoint() {
        Stored onA = new Stored("k1", "failed", "a", true, List.of());
        Stored global = new Stored("k2", "failed", null, true, List.of());

        assertThat(ReplaySelection.choose("d1", List.of(onA), ADMIN_OF_A, null)).containsExactly(Map.entry("k1", List.of()));
        assertThat(refusal(List.of(global), ADMIN_OF_A, null)).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(ReplaySelection.choose("d1", List.of(global), SUPER, null)).containsOnlyKeys("k2");
    }
}
