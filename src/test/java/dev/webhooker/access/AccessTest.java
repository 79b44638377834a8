package dev.webhooker.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import dev.webhooker.routing.Group;

/** Every cell of the permission table for one group: super, owner, admin, viewer, none. */
class AccessTest {

    private static final Group GROUP = new Group("g", "G", List.of(
            new Group.Member("olive", "owner"), new Group.Member("adam", "admin"), new Group.Member("vera", "viewer")),
            List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);

    private static final ScopeResolver RESOLVER = new ScopeResolver(List.of("1"));

    /** The matrix: which capabilities each caller has on the group. */
    private static final Map<String, Set<Capability>> MATRIX = Map.of(
            "super", EnumSet.allOf(Capability.class),
            "olive", EnumSet.of(Capability.VIEW, Capability.EDIT_ROUTES, Capability.REPLAY_DELIVERIES, Capability.EDIT_GROUP, Capability.DELETE_GROUP,
                    Capability.RENAME_GROUP, Capability.MANAGE_INVITES, Capability.MANAGE_WEBHOOK_SECRET,
                    Capability.BIND_INSTALLATION),
            "adam", EnumSet.of(Capability.VIEW, Capability.EDIT_ROUTES, Capability.REPLAY_DELIVERIES),
            "vera", EnumSet.of(Capability.VIEW),
            "nobody", EnumSet.noneOf(Capability.class));

    private static Access accessOf(String who) {
        SessionUser user = who.equals("super") ? new SessionUser("1", "root") : new SessionUser("100" + who.length(), who);
        return RESOLVER.resolve(user, List.of(GROUP));
    }

    @ParameterizedTest
    @EnumSource(Capability.class)
    void everyCallerHasExactlyTheCapabilitiesOfTheMatrix(Capability capability) {
        for (Map.Entry<String, Set<Capability>> row : MATRIX.entrySet()) {
            assertThat(accessOf(row.getKey()).can(capability, "g"))
                    .as("%s may %s", row.getKey(), capability)
                    .isEqualTo(row.getValue().contains(capability));
        }
    }

    @Test
    void capabilitiesListsTheSameCellsInDeclarationOrder() {
        assertThat(accessOf("adam").capabilities("g")).containsExactly(Capability.VIEW, Capability.EDIT_ROUTES, Capability.REPLAY_DELIVERIES);
        assertThat(accessOf("nobody").capabilities("g")).isEmpty();
    }

    @Test
    void onlySuperAdminsCreateGroups() {
        assertThat(accessOf("super").canCreateGroups()).isTrue();
        assertThat(accessOf("olive").canCreateGroups()).isFalse();
    }

    @Test
    void anUnknownGroupAndSomeoneElsesGroupGiveTheSameNotFound() {
        Access nobody = accessOf("nobody");
        assertThatThrownBy(() -> nobody.require(Capability.VIEW, "g"))
                .isInstanceOfSatisfying(AccessDeniedException.class, e -> assertThat(e.notFound()).isTrue())
                .hasMessage("Group not found");
        assertThatThrownBy(() -> accessOf("olive").require(Capability.VIEW, "no-such-group"))
                .isInstanceOfSatisfying(AccessDeniedException.class, e -> assertThat(e.notFound()).isTrue())
                .hasMessage("Group not found");
    }

    @Test
    void aVisibleGroupWithoutTheRoleIsForbidden() {
        assertThatThrownBy(() -> accessOf("vera").require(Capability.EDIT_ROUTES, "g"))
                .isInstanceOfSatisfying(AccessDeniedException.class, e -> assertThat(e.notFound()).isFalse())
                .hasMessage("Forbidden");
        accessOf("adam").require(Capability.EDIT_ROUTES, "g");
    }
}
