package dev.webhooker.subscriptions;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.ScopeResolver;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.secrets.Sha256;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;

/**
 * Subscriptions made from a chat. {@code /gh subscribe owner/repo} makes (or changes) a route of a group the typing
 * user administers, with a filter on the repository (and the events, branch and label asked for) and the chat, or the thread
 * or topic the command was typed in, as its only target. The command is the chat's consent: the chat claims the
 * group, as {@code /gh claim} does (the platform's command handler has checked that the user administers the chat).
 * {@code /gh unsubscribe owner/repo} removes that route; {@code /gh subscriptions} lists the routes that send to this
 * place. The route is validated by the rules of every route, written with its origin {@code chat} and audited.
 *
 * <p>One route per (chat place, repository, group): its id is derived from them, so subscribing again changes it.
 */
public final class ChatSubscriptions {

    /** Where a command was typed: the target that reaches that chat (and thread or topic), and the chat's name. */
    public record Place(Target target, String chatName) {
    }

    /** Who typed it: the chat account and the GitHub account it is linked to. */
    public record Subscriber(String chatPlatform, String chatUserId, String userName, String githubUserId, String githubLogin) {
    }

    /** What to answer: a key of the chat texts ({@code chat.<key>}) and its parameters. */
    public record Reply(String key, Map<String, Object> params) {
        static Reply of(String key) {
            return new Reply(key, Map.of());
        }
    }

    private static final int MAX_NAME = 100;

    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final ScopeResolver scopes;
    private final AuditLog audit;
    private final Clock clock;
    private final int routesPerGroup;
    private final Predicate<String> managedByFile;

    /**
     * {@code managedByFile} says whether the config file in sync mode owns a group: its routes are the file's, and
     * a route made from chat would be the file's to delete.
     */
    public ChatSubscriptions(ConfigRepository repository, ConfigSnapshots snapshots, ScopeResolver scopes, AuditLog audit, Clock clock,
                             int routesPerGroup, Predicate<String> managedByFile) {
        this.managedByFile = managedByFile;
        this.repository = repository;
        this.snapshots = snapshots;
        this.scopes = scopes;
        this.audit = audit;
        this.clock = clock;
        this.routesPerGroup = routesPerGroup;
    }

    public Reply subscribe(Subscriber who, Place place, SubscribeCommand command) {
        if (!command.valid()) {
            return Reply.of(command.problem());
        }
        Access access = scopes.resolve(new SessionUser(who.githubUserId(), who.githubLogin()), snapshots.current().groups());
        Optional<Group> chosen = group(access, command.group());
        if (chosen.isEmpty()) {
            return groupProblem(access, command.group());
        }
        Group group = chosen.get();
        if (managedByFile.test(group.id())) {
            return new Reply("subscribe.file_managed", Map.of("group", group.name()));
        }
        String id = routeId(place, command.repository());
        List<Filter> filters = new ArrayList<>();
        filters.add(new Filter("repo", List.of(command.repository()), false));
        if (!command.events().isEmpty()) {
            filters.add(new Filter("event", command.events(), false));
        }
        if (command.branch() != null) {
            filters.add(new Filter("branch", List.of(command.branch()), false));
        }
        if (command.label() != null) {
            filters.add(new Filter("label", List.of(command.label()), false));
        }
        String name = command.repository() + (place.chatName() == null ? " (chat)" : " → " + place.chatName());
        Route route = new Route(id, group.id(), name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name, true, filters, null,
                List.of(place.target()), false, false, List.of());
        String chatId = place.target().consentChat().orElseThrow(() -> new IllegalArgumentException("not a chat: " + place.target()));
        Optional<ConfigRepository.VersionedRoute> existing = repository.findRoute(group.id(), id);
        boolean fresh = existing.isEmpty();
        Runnable audited = () -> audit.record(AuditEntry.of(fresh ? "route.create" : "route.update")
                .actor(who.githubUserId(), who.githubLogin()).onGroup(group.id()).target("route", id)
                .detail(detail(place, command.repository())));
        if (fresh) {
            repository.addRoute(route, ConfigOrigin.CHAT, audited,
                    access.superAdmin() ? ConfigRepository.NO_TENANT_LIMIT : routesPerGroup);
        } else {
            repository.updateRoute(route, existing.get().version(), audited);
        }
        // after the route, which its rules or a limit may refuse: a refused subscription leaves no consent behind
        repository.claimChat(new ChatClaim(group.id(), place.target().platform(), chatId, place.chatName(), ChatClaim.Via.CHAT,
                who.chatPlatform() + ":" + who.chatUserId(), clock.millis()), () -> audit.record(AuditEntry.of("chat.claim")
                .actor(who.chatPlatform() + ":" + who.chatUserId(), who.userName()).onGroup(group.id())
                .detail(detail(place, command.repository()))));
        snapshots.refresh();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("repository", command.repository());
        params.put("group", group.name());
        params.put("events", command.events().isEmpty() ? "*" : String.join(", ", command.events()));
        params.put("branch", command.branch() == null ? "*" : command.branch());
        if (command.label() == null) {
            return new Reply(fresh ? "subscribe.done" : "subscribe.changed", params);
        }
        params.put("label", command.label());
        return new Reply(fresh ? "subscribe.done_labelled" : "subscribe.changed_labelled", params);
    }

    public Reply unsubscribe(Subscriber who, Place place, SubscribeCommand command) {
        if (!command.valid()) {
            return Reply.of(command.problem().equals("subscribe.usage") ? "unsubscribe.usage" : command.problem());
        }
        Access access = scopes.resolve(new SessionUser(who.githubUserId(), who.githubLogin()), snapshots.current().groups());
        String id = routeId(place, command.repository());
        List<String> removed = new ArrayList<>();
        for (Group group : snapshots.current().groups()) {
            if (command.group() != null && !group.id().equals(command.group())) {
                continue;
            }
            Optional<ConfigRepository.VersionedRoute> existing = repository.findRoute(group.id(), id);
            if (existing.isEmpty()) {
                continue;
            }
            if (!access.can(Capability.EDIT_ROUTES, group.id())) {
                return new Reply("subscribe.not_admin_of", Map.of("group", group.name()));
            }
            if (managedByFile.test(group.id())) {
                return new Reply("subscribe.file_managed", Map.of("group", group.name()));
            }
            repository.deleteRoute(group.id(), id, existing.get().version(), () -> audit.record(AuditEntry.of("route.delete")
                    .actor(who.githubUserId(), who.githubLogin()).onGroup(group.id()).target("route", id)
                    .detail(detail(place, command.repository()))));
            removed.add(group.name());
        }
        snapshots.refresh();
        if (removed.isEmpty()) {
            return new Reply("unsubscribe.none", Map.of("repository", command.repository()));
        }
        return new Reply("unsubscribe.done", Map.of("repository", command.repository(), "group", String.join(", ", removed)));
    }

    /** The routes of every group that send to this place, as "group: filters" lines. */
    public Reply list(Place place) {
        List<String> lines = new ArrayList<>();
        Map<String, Group> groups = snapshots.current().groupsById();
        for (Route route : snapshots.current().routes()) {
            boolean here = route.targets().stream().anyMatch(t -> t.platform().equals(place.target().platform())
                    && t.id().equals(place.target().id()));
            if (!here || !route.enabled()) {
                continue;
            }
            Group group = groups.get(route.groupId());
            StringBuilder line = new StringBuilder(group == null ? route.groupId() : group.name()).append(": ");
            List<String> parts = new ArrayList<>();
            for (Filter filter : route.filters()) {
                parts.add((filter.exclude() ? "not " : "") + filter.type() + " " + String.join(" | ", filter.match()));
            }
            line.append(parts.isEmpty() ? route.name() : String.join(", ", parts));
            lines.add(line.toString());
        }
        if (lines.isEmpty()) {
            return Reply.of("subscriptions.none");
        }
        return new Reply("subscriptions.list", Map.of("lines", String.join("\n", lines)));
    }

    /** The group the route goes into: the one named, or the only one the user administers. */
    private Optional<Group> group(Access access, String named) {
        List<String> administered = administered(access);
        String id = named != null ? (administered.contains(named) ? named : null)
                : (administered.size() == 1 ? administered.get(0) : null);
        return id == null ? Optional.empty() : snapshots.current().group(id);
    }

    private static List<String> administered(Access access) {
        return access.roles().keySet().stream().filter(id -> access.can(Capability.EDIT_ROUTES, id)).sorted().toList();
    }

    private Reply groupProblem(Access access, String named) {
        List<String> administered = administered(access);
        if (named != null) {
            return new Reply("subscribe.not_admin_of", Map.of("group", named));
        }
        if (administered.isEmpty()) {
            return Reply.of("subscribe.not_admin");
        }
        return new Reply("subscribe.which_group", Map.of("groups", String.join(", ", administered)));
    }

    /** Stable for one chat place and repository, different for another: subscribing again changes the same route. */
    static String routeId(Place place, String repository) {
        String key = place.target().platform() + "|" + place.target().id() + "|" + repository.toLowerCase(Locale.ROOT);
        return "chat-" + Sha256.hex(key).substring(0, 12);
    }

    private static String detail(Place place, String repository) {
        return JsonNodeFactory.instance.objectNode().put("via", "chat").put("platform", place.target().platform())
                .put("target", place.target().id()).put("repository", repository).toString();
    }
}
