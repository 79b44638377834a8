package dev.webhooker.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.Group;

class ScopeResolverTest {

    private static final SessionUser OCTO = new SessionUser("583231", "octocat");

    private static Group group(String id, List<Group.Member> members, List<String> adminIds) {
        return new Group(id, id, members, adminIds, List.of(), List.of(), null, true, List.of(), null, null, false);
    }

    private final ScopeResolver resolver = new ScopeResolver(List.of("9919"));

    @Test
    void unpinnedMembersMatchByLoginIgnoringCaseOrByTheNumericIdWrittenAsLogin() {
        Access access = resolver.resolve(OCTO, List.of(
                group("a", List.of(new Group.Member("OctoCat", "admin")), List.of()),
                group("b", List.of(new Group.Member("583231", "viewer")), List.of()),
                group("c", List.of(new Group.Member("someone", "owner")), List.of())));

        assertThat(access.roles()).containsExactly(
                java.util.Map.entry("a", Role.ADMIN), java.util.Map.entry("b", Role.VIEWER));
        assertThat(access.superAdmin()).isFalse();
        assertThat(access.hasAnyAccess()).isTrue();
    }

    @Test
    void aPinnedMemberIsRecognisedByItsIdAloneSoARecycledLoginInheritsNothing() {
        Group pinned = group("a", List.of(new Group.Member("octocat", "owner", "1")), List.of());

        assertThat(resolver.resolve(OCTO, List.of(pinned)).hasAnyAccess()).isFalse();
        assertThat(resolver.resolve(new SessionUser("1", "renamed"), List.of(pinned)).roles()).containsEntry("a", Role.OWNER);
    }

    @Test
    void membersAreNormalisedAsTheOriginalDid() {
        Access access = resolver.resolve(OCTO, List.of(
                // the first of case-insensitive duplicates wins; blank logins are skipped
                group("dup", List.of(new Group.Member(" ", "owner"), new Group.Member("octocat", "viewer"),
                        new Group.Member("OCTOCAT", "owner")), List.of()),
                // an unknown role counts as owner
                group("odd", List.of(new Group.Member("octocat", "maintainer")), List.of()),
                // no members: the legacy adminIds are owners
                group("legacy", List.of(), List.of("octocat"))));

        assertThat(access.roles()).containsEntry("dup", Role.VIEWER).containsEntry("odd", Role.OWNER)
                .containsEntry("legacy", Role.OWNER);
    }

    @Test
    void superAdminsAreMatchedOnTheNumericIdOnlyAndOwnEveryGroup() {
        SessionUser superUser = new SessionUser("9919", "github");
        Access access = resolver.resolve(superUser, List.of(group("a", List.of(), List.of()), group("b", List.of(), List.of())));

        assertThat(access.superAdmin()).isTrue();
        assertThat(access.roles()).containsEntry("a", Role.OWNER).containsEntry("b", Role.OWNER);
        // a login that happens to equal a listed id's owner's name is nobody special
        assertThat(new ScopeResolver(List.of("octocat")).isSuperAdmin(OCTO)).isFalse();
    }

    @Test
    void aUserInNoGroupHasNoAccess() {
        Access access = resolver.resolve(OCTO, List.of(group("a", List.of(new Group.Member("x", "owner")), List.of())));

        assertThat(access.hasAnyAccess()).isFalse();
        assertThat(access.sees("a")).isFalse();
    }
}
