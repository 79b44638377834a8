package dev.webhooker.routing;

import java.util.List;

/**
 * A tenant: its members, the gates that decide which events its routes may see (owners, providers,
 * installationId) and how its messages look (lang, emoji, forgeSources, logTarget).
 * {@code requireReplayProtection} is ours: custom deliveries to this group must carry timestamp + nonce.
 */
public record Group(
        String id,
        String name,
        List<Member> members,
        List<String> adminIds,
        List<String> owners,
        List<String> providers,
        Long installationId,
        boolean emoji,
        List<ForgeSource> forgeSources,
        String lang,
        Target logTarget,
        boolean requireReplayProtection) {

    public Group {
        members = members == null ? List.of() : List.copyOf(members);
        adminIds = adminIds == null ? List.of() : List.copyOf(adminIds);
        owners = owners == null ? List.of() : List.copyOf(owners);
        providers = providers == null ? List.of() : List.copyOf(providers);
        forgeSources = forgeSources == null ? List.of() : List.copyOf(forgeSources);
    }

    /** The same group bound to another GitHub App installation ({@code null}: unbound). */
    public Group withInstallationId(Long newInstallationId) {
        return new Group(id, name, members, adminIds, owners, providers, newInstallationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection);
    }

    public record Member(String login, String role) {
    }

    /** A forge host whose events get a source label in the footer: {@code type} is github or gitea. */
    public record ForgeSource(String host, String type, String name) {
    }
}
