package dev.webhooker.routing;

import java.util.List;

/**
 * A tenant: its members, the gates that decide which events its routes may see (owners, providers,
 * installationId) and how its messages look (lang, emoji, forgeSources, logTarget).
 * {@code requireReplayProtection} is ours: custom deliveries to this group must carry timestamp + nonce.
 * {@code globalWebhook} is ours too: false for a group made by self-signup, whose routes then see nothing
 * from the shared {@code /webhook} endpoint except events of the installation it is bound to; only its own
 * {@code /webhook/{id}} feeds it otherwise (deny by default). Groups from the YAML file and from super
 * admins default to true.
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
        boolean requireReplayProtection,
        boolean globalWebhook) {

    /** A group that takes events from the shared endpoint (the default everywhere but self-signup). */
    public Group(String id, String name, List<Member> members, List<String> adminIds, List<String> owners,
                 List<String> providers, Long installationId, boolean emoji, List<ForgeSource> forgeSources, String lang,
                 Target logTarget, boolean requireReplayProtection) {
        this(id, name, members, adminIds, owners, providers, installationId, emoji, forgeSources, lang, logTarget,
                requireReplayProtection, true);
    }

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
                logTarget, requireReplayProtection, globalWebhook);
    }

    /** The same group under another id (rename). */
    public Group withId(String newId) {
        return new Group(newId, name, members, adminIds, owners, providers, installationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook);
    }

    /** The same group with another member list. */
    public Group withMembers(List<Member> newMembers) {
        return new Group(id, name, newMembers, adminIds, owners, providers, installationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook);
    }

    /**
     * A member by GitHub login, optionally pinned to the numeric GitHub user id: a pinned member is
     * recognised by the id alone, so a login that changes hands after a rename inherits nothing.
     */
    public record Member(String login, String role, String userId) {

        public Member(String login, String role) {
            this(login, role, null);
        }
    }

    /** A forge host whose events get a source label in the footer: {@code type} is github or gitea. */
    public record ForgeSource(String host, String type, String name) {
    }
}
