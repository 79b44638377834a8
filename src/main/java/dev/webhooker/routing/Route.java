package dev.webhooker.routing;

import static dev.webhooker.routing.ConfigValidator.MAX_FILTERS;
import static dev.webhooker.routing.ConfigValidator.MAX_MEMBERS;
import static dev.webhooker.routing.ConfigValidator.MAX_TARGETS;
import static dev.webhooker.routing.ConfigValidator.MAX_TARGET_ID_LENGTH;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import dev.webhooker.routing.ConfigConstraints.EntryId;
import dev.webhooker.routing.ConfigConstraints.EntryName;
import dev.webhooker.routing.ConfigConstraints.Matches;
import dev.webhooker.routing.ConfigConstraints.MaxItems;

/**
 * A route: which events (filters, or the {@code ast} tree that replaces them) go to which targets.
 * Its place in the saved list (the YAML file or the admin submission) is its evaluation order.
 */
public record Route(
        @EntryId String id,
        @NotBlank(message = "required: the id of the route's group") String groupId,
        @EntryName String name,
        boolean enabled,
        @MaxItems(value = MAX_FILTERS, message = "too many filters ({count}; at most " + MAX_FILTERS + ")") List<Filter> filters,
        FilterNode ast,
        @NotEmpty(message = "at least one target is required")
        @MaxItems(value = MAX_TARGETS, message = "too many targets ({count}; at most " + MAX_TARGETS + ")") List<Target> targets,
        boolean stop,
        boolean fallback,
        // the roles a route mentions are Discord's, whose ids are snowflakes: 17 to 20 digits
        @MaxItems(value = MAX_MEMBERS, message = "too many entries ({count}; at most " + MAX_MEMBERS + ")")
        List<@NotBlank(message = "must not be blank")
             @Size(max = MAX_TARGET_ID_LENGTH, message = "longer than " + MAX_TARGET_ID_LENGTH + " characters")
             @Matches(regexp = "[0-9]{17,20}", message = "a Discord role id: 17 to 20 digits") String> discordRoleIds,
        MessageTemplate template) {

    /** A route whose messages are the formatters' own. */
    public Route(String id, String groupId, String name, boolean enabled, List<Filter> filters, FilterNode ast,
                 List<Target> targets, boolean stop, boolean fallback, List<String> discordRoleIds) {
        this(id, groupId, name, enabled, filters, ast, targets, stop, fallback, discordRoleIds, null);
    }

    public Route {
        filters = filters == null ? List.of() : List.copyOf(filters);
        targets = targets == null ? List.of() : List.copyOf(targets);
        discordRoleIds = discordRoleIds == null ? List.of() : List.copyOf(discordRoleIds);
    }

    /**
     * Whether this route's filters (or tree) select {@code event}, leaving the group gates aside: what a check of the
     * route against sample events asks. Delivery decides through the compiled configuration instead.
     */
    public boolean selects(WebhookEvent event) {
        return CompiledRoute.compile(this).matches(new EventValues(event));
    }

    public Route withTargets(List<Target> newTargets) {
        return new Route(id, groupId, name, enabled, filters, ast, newTargets, stop, fallback, discordRoleIds, template);
    }
}
