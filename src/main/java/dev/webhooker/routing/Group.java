package dev.webhooker.routing;

import static dev.webhooker.routing.ConfigValidator.MAX_FORGE_NAME_LENGTH;
import static dev.webhooker.routing.ConfigValidator.MAX_FORGE_SOURCES;
import static dev.webhooker.routing.ConfigValidator.MAX_LOGIN_LENGTH;
import static dev.webhooker.routing.ConfigValidator.MAX_MEMBERS;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.webhooker.routing.ConfigConstraints.EntryId;
import dev.webhooker.routing.ConfigConstraints.EntryName;
import dev.webhooker.routing.ConfigConstraints.Matches;
import dev.webhooker.routing.ConfigConstraints.MaxItems;
import dev.webhooker.routing.ConfigConstraints.OneOf;

/**
 * A tenant: its members, the gates that decide which events its routes may see (owners, providers,
 * installationId) and how its messages look (lang, emoji, forgeSources, logTarget).
 * {@code requireReplayProtection} is ours: custom deliveries to this group must carry timestamp + nonce.
 * {@code globalWebhook} is ours too: false for a group made by self-signup, whose routes then see nothing
 * from the shared {@code /webhook} endpoint except events of the installation it is bound to; only its own
 * {@code /webhook/{id}} feeds it otherwise (deny by default). Groups from the YAML file and from super
 * admins default to true. {@code people} maps GitHub logins to chat accounts, so that a message mentions the person
 * who has to act (a reviewer asked for, an assignee, someone {@code @named} in a body).
 */
public record Group(
        @EntryId String id,
        @EntryName String name,
        @MaxItems(value = MAX_MEMBERS, message = "too many members ({count}; at most " + MAX_MEMBERS + ")") List<Member> members,
        // adminIds mirror the owners among the members (checked there), so only blanks are refused here
        List<@NotBlank(message = "must not be blank") String> adminIds,
        @MaxItems(value = MAX_MEMBERS, message = "too many entries ({count}; at most " + MAX_MEMBERS + ")")
        List<@NotBlank(message = "must not be blank") @Size(max = MAX_LOGIN_LENGTH, message = "longer than " + MAX_LOGIN_LENGTH + " characters") String> owners,
        List<@OneOf(value = {"github", "gitea"}, required = true, message = "unknown provider {value} (expected github or gitea)") String> providers,
        @Positive(message = "must be a positive whole number (or null to remove it)") Long installationId,
        boolean emoji,
        @MaxItems(value = MAX_FORGE_SOURCES, message = "too many entries ({count}; at most " + MAX_FORGE_SOURCES + ")") List<ForgeSource> forgeSources,
        // en, zh, pt-BR, zh_Hans: what i18n dictionaries (and KV i18n:{lang} overrides) can be named after
        @Matches(regexp = "[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8}){0,3}", message = "not a language tag: {value} (for example en, zh or pt-BR)") String lang,
        Target logTarget,
        boolean requireReplayProtection,
        boolean globalWebhook,
        @MaxItems(value = MAX_MEMBERS, message = "too many people ({count}; at most " + MAX_MEMBERS + ")") List<Person> people) {

    /** A group without people to mention. */
    public Group(String id, String name, List<Member> members, List<String> adminIds, List<String> owners,
                 List<String> providers, Long installationId, boolean emoji, List<ForgeSource> forgeSources, String lang,
                 Target logTarget, boolean requireReplayProtection, boolean globalWebhook) {
        this(id, name, members, adminIds, owners, providers, installationId, emoji, forgeSources, lang, logTarget,
                requireReplayProtection, globalWebhook, List.of());
    }

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
        people = people == null ? List.of() : List.copyOf(people);
    }

    /** The same group with another list of people. */
    public Group withPeople(List<Person> newPeople) {
        return new Group(id, name, members, adminIds, owners, providers, installationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook, newPeople);
    }

    /** The person with GitHub login {@code login} (GitHub logins ignore case), if the group maps one. */
    public Optional<Person> person(String login) {
        return login == null ? Optional.empty()
                : people.stream().filter(p -> login.equalsIgnoreCase(p.github())).findFirst();
    }

    /** The same group bound to another GitHub App installation ({@code null}: unbound). */
    public Group withInstallationId(Long newInstallationId) {
        return new Group(id, name, members, adminIds, owners, providers, newInstallationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook, people);
    }

    /** The same group under another id (rename). */
    public Group withId(String newId) {
        return new Group(newId, name, members, adminIds, owners, providers, installationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook, people);
    }

    /** The same group with another member list. */
    public Group withMembers(List<Member> newMembers) {
        return new Group(id, name, newMembers, adminIds, owners, providers, installationId, emoji, forgeSources, lang,
                logTarget, requireReplayProtection, globalWebhook, people);
    }

    /**
     * A member by GitHub login, optionally pinned to the numeric GitHub user id: a pinned member is
     * recognised by the id alone, so a login that changes hands after a rename inherits nothing.
     */
    public record Member(
            @NotBlank(message = "required (not blank)") @Size(max = MAX_LOGIN_LENGTH, message = "longer than " + MAX_LOGIN_LENGTH + " characters") String login,
            @OneOf(value = {"owner", "admin", "viewer"}, required = true, message = "unknown role {value} (expected owner, admin or viewer)") String role,
            @Size(max = MAX_LOGIN_LENGTH, message = "longer than " + MAX_LOGIN_LENGTH + " characters") String userId) {

        public Member(String login, String role) {
            this(login, role, null);
        }
    }

    /**
     * Someone a message may mention: a GitHub login and, by platform name, their account on each chat platform that
     * mentions people ({@code discord}: a user id, {@code telegram}: {@code @username} or a user id, {@code slack}: a
     * member id). Each registered platform checks its own ({@link TargetPlatform#personIdProblem}).
     */
    public record Person(
            @NotBlank(message = "required (not blank)") @Size(max = MAX_LOGIN_LENGTH, message = "longer than " + MAX_LOGIN_LENGTH + " characters")
            @Matches(regexp = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?", message = "not a GitHub login: {value}") String github,
            Map<String, String> chats) {

        public Person {
            chats = chats == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(chats));
        }

        /** The account on {@code platform}, if this person has one there. */
        public Optional<String> on(String platform) {
            return Optional.ofNullable(chats.get(platform)).filter(id -> !id.isBlank());
        }
    }

    /** A forge host whose events get a source label in the footer: {@code type} is github or gitea. */
    public record ForgeSource(
            @Matches(regexp = HOST_NAME, required = true, message = "not a valid host name: {value}") String host,
            @OneOf(value = {"github", "gitea"}, required = true, message = "unknown type {value} (expected github or gitea)") String type,
            @Size(max = MAX_FORGE_NAME_LENGTH, message = "longer than " + MAX_FORGE_NAME_LENGTH + " characters") String name) {

        private static final String LABEL = "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
        /** Dot-separated labels of letters, digits and inner dashes, each at most 63 characters, 253 in all. */
        static final String HOST_NAME = "(?=.{1,253}\\z)" + LABEL + "(\\." + LABEL + ")*";
    }
}
