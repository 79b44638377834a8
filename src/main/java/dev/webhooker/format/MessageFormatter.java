package dev.webhooker.format;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns an event into the neutral message of one route: the group's language and emoji setting, the
 * forge label, the route's role mentions. Never throws: when the event's formatter fails (its main
 * object missing), the generic message is used and the result is flagged as a format error.
 */
public class MessageFormatter {

    private static final Logger log = LoggerFactory.getLogger(MessageFormatter.class);

    private final I18n i18n;
    private final EventFormatters formatters;
    private final Clock clock;
    private final LinkedAccounts linked;

    public MessageFormatter(I18n i18n, EventFormatters formatters, Clock clock) {
        this(i18n, formatters, clock, LinkedAccounts.none());
    }

    /** {@code linked}: the chat accounts people linked, mentioned when the group's {@code people} do not name one. */
    public MessageFormatter(I18n i18n, EventFormatters formatters, Clock clock, LinkedAccounts linked) {
        this.i18n = i18n;
        this.formatters = formatters;
        this.clock = clock;
        this.linked = linked;
    }

    public FormattedMessage format(WebhookEvent event, Group group, Route route) {
        return format(event, group, route, clock.instant());
    }

    /**
     * @param occurredAt the message timestamp; pass the delivery's receive time so a retry shows when the
     *                   event happened, not when it was finally sent
     */
    public FormattedMessage format(WebhookEvent event, Group group, Route route, Instant occurredAt) {
        String lang = group == null ? I18n.DEFAULT_LANG : group.lang();
        boolean emoji = group == null || group.emoji();
        Translations texts = i18n.forLanguage(lang);
        FormatContext ctx = new FormatContext(event, texts, emoji);
        EventFormatter formatter = formatters.forEvent(event.provider(), event.event());

        MessageDraft draft;
        boolean formatError = false;
        String detail = null;
        try {
            draft = formatter.format(ctx);
        } catch (RuntimeException e) {
            formatError = true;
            detail = e instanceof MissingObjectException ? e.getMessage()
                    : event.event() + " formatter failed: " + e;
            log.warn("formatting {} failed, using the generic message: {}", event.event(), detail);
            draft = genericOrMinimal(ctx);
        }
        if (draft.author() == null && !"custom".equals(event.provider())) {
            draft.author(ctx.author());
        }

        String footer = draft.footer() != null ? draft.footer() : defaultFooter(ctx);
        NeutralMessage.Forge forge = group == null ? null : ForgeLabel.resolve(group.forgeSources(),
                event.provider(), ctx.payload().get("repository", "html_url").nonBlank());
        List<String> mentions = route == null ? List.of() : route.discordRoleIds();
        Instant timestamp = occurredAt == null ? clock.instant() : occurredAt;
        NeutralMessage message = draft.toMessage(footer.isEmpty() ? null : footer, timestamp.toString(), forge, mentions,
                emoji);
        if (route != null && route.template() != null) {
            try {
                message = MessageTemplates.apply(route.template(), message, event);
            } catch (MessageTemplates.Unfilled e) {
                // saved templates parse (the validator checks them); one that does not, or renders past its cap over
                // an unusually long list, gives way to the formatter's wording
                log.warn("the template of route {} does not render ({}: {}); sending the formatter's message", route.id(),
                        e.part(), e.getMessage());
            }
        }
        if (group != null) {
            message = message.withMentionPeople(mentioned(event, group));
        }
        return new FormattedMessage(message, formatError, detail);
    }

    /**
     * The people the event asks to act, with their accounts: those the group's {@code people} give, and for a person
     * whose GitHub user id is known (the event gives it, or a member is pinned to it) the accounts they linked where
     * the group's entry names none. A login with neither is nobody to mention.
     */
    private List<Group.Person> mentioned(WebhookEvent event, Group group) {
        List<String> acting = ActingPeople.of(event);
        if (acting.isEmpty()) {
            return List.of();
        }
        Map<String, String> ids = ActingPeople.ids(event);
        List<Group.Person> people = new ArrayList<>();
        for (String login : acting) {
            Optional<Group.Person> listed = group.person(login);
            String id = ids.getOrDefault(login.toLowerCase(Locale.ROOT), pinnedId(group, login));
            Map<String, String> accounts = new LinkedHashMap<>(id == null ? Map.of() : linked.of(id));
            listed.ifPresent(p -> accounts.putAll(p.chats()));
            if (!accounts.isEmpty()) {
                people.add(new Group.Person(listed.map(Group.Person::github).orElse(login), accounts));
            }
        }
        return people;
    }

    private static String pinnedId(Group group, String login) {
        return group.members().stream().filter(m -> login.equalsIgnoreCase(m.login()) && m.userId() != null)
                .map(Group.Member::userId).findFirst().orElse(null);
    }

    private MessageDraft genericOrMinimal(FormatContext ctx) {
        try {
            return formatters.generic().format(ctx);
        } catch (RuntimeException e) {
            // Unreachable in practice (the generic formatter reads only the action); a message still goes out.
            return new MessageDraft().title(ctx.repoLabel() + ": " + ctx.event()).color(Palette.DEFAULT);
        }
    }

    /** The repository; without one the forge's name, not always "GitHub". */
    private static String defaultFooter(FormatContext ctx) {
        if (ctx.repo() != null) {
            return ctx.t("common.footer");
        }
        return ctx.t("gitea".equals(ctx.provider()) ? "common.gitea" : "common.github");
    }
}
