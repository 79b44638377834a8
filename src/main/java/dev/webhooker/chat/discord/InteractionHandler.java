package dev.webhooker.chat.discord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.actions.Action;
import dev.webhooker.actions.ActionError;
import dev.webhooker.actions.ActionOutcome;
import dev.webhooker.actions.ForgeLink;
import dev.webhooker.actions.ForgeLinks;
import dev.webhooker.actions.GithubActions;
import dev.webhooker.chat.ChatTexts;
import dev.webhooker.chat.ChatWork;
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.platform.discord.DiscordCommandTree;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.signin.AccountLinks;
import dev.webhooker.signin.ChatPlatform;
import dev.webhooker.signin.LinkRequests;
import dev.webhooker.subscriptions.ChatSubscriptions;
import dev.webhooker.subscriptions.SubscribeCommand;

/**
 * Answers one verified interaction with what Discord shows at once: a reply, a
 * modal, or a deferral. Anything that calls GitHub runs afterwards on {@code work} and edits the deferred
 * reply, so no answer waits on GitHub, except the prefill of the edit modal, which gets {@link #PREFILL_BUDGET_MILLIS} ms
 * and opens empty (saying so) when GitHub is slower.
 */
final class InteractionHandler {

    static final long PREFILL_BUDGET_MILLIS = 1500;

    private static final Logger LOG = LoggerFactory.getLogger(InteractionHandler.class);
    private static final int PING = 1;
    private static final int COMMAND = 2;
    private static final int COMPONENT = 3;
    private static final int MODAL_SUBMIT = 5;
    private static final int SLASH = 1;

    private final ChatTexts texts;
    private final AccountLinks links;
    private final LinkRequests linkRequests;
    private final GithubActions actions;
    private final ForgeLinks forgeLinks;
    private final ModalContexts modals;
    private final DiscordFollowUps followUps;
    private final ChatWork work;
    private final ChatClaims claims;
    private final ChatSubscriptions subscriptions;

    InteractionHandler(ChatTexts texts, AccountLinks links, LinkRequests linkRequests, GithubActions actions,
                       ForgeLinks forgeLinks, ModalContexts modals, DiscordFollowUps followUps, ChatWork work, ChatClaims claims,
                       ChatSubscriptions subscriptions) {
        this.texts = texts;
        this.links = links;
        this.linkRequests = linkRequests;
        this.actions = actions;
        this.forgeLinks = forgeLinks;
        this.modals = modals;
        this.followUps = followUps;
        this.work = work;
        this.claims = claims;
        this.subscriptions = subscriptions;
    }

    /** The state of one interaction while it is answered. */
    private record Call(JsonNode interaction, String lang, String userId, String userName) {
        String applicationId() {
            return interaction.path("application_id").asText();
        }

        String token() {
            return interaction.path("token").asText();
        }
    }

    ObjectNode handle(JsonNode interaction) {
        int type = interaction.path("type").asInt();
        if (type == PING) {
            return InteractionReplies.pong();
        }
        JsonNode user = interaction.path("member").path("user").isObject() ? interaction.path("member").path("user") : interaction.path("user");
        String lang = interaction.path("locale").asText(interaction.path("guild_locale").asText("en"));
        Call call = new Call(interaction, lang, user.path("id").asText(""), displayName(user));
        if (call.userId().isEmpty()) {
            return reply(call, "no_user");
        }
        return switch (type) {
            case COMMAND -> command(call);
            case COMPONENT -> component(call);
            case MODAL_SUBMIT -> modalSubmit(call);
            default -> reply(call, "unknown_action");
        };
    }

    private ObjectNode command(Call call) {
        JsonNode data = call.interaction().path("data");
        if (data.path("type").asInt(SLASH) == SLASH) {
            if (!DiscordCommandTree.SLASH.equals(data.path("name").asText())) {
                return reply(call, "unknown_action");
            }
            JsonNode sub = data.path("options").path(0);
            return switch (sub.path("name").asText()) {
                case DiscordCommandTree.LOGIN -> login(call);
                case DiscordCommandTree.LOGOUT -> logout(call);
                case DiscordCommandTree.CLAIM -> claim(call, optionValue(sub, DiscordCommandTree.CODE_OPTION));
                case DiscordCommandTree.SUBSCRIBE, DiscordCommandTree.UNSUBSCRIBE -> subscribe(call, sub);
                case DiscordCommandTree.SUBSCRIPTIONS -> place(call).map(place -> answer(call, subscriptions.list(place)))
                        .orElseGet(() -> reply(call, "claim.not_a_channel"));
                case DiscordCommandTree.COMMENT -> {
                    JsonNode op = sub.path("options").path(0);
                    String link = optionValue(op, DiscordCommandTree.LINK_OPTION);
                    yield comment(call, op.path("name").asText(), List.of(link));
                }
                default -> reply(call, "usage");
            };
        }
        String name = data.path("name").asText();
        List<String> sources = messageTexts(data);
        return switch (name) {
            case DiscordCommandTree.MESSAGE_ADD_COMMENT, DiscordCommandTree.MESSAGE_ADD_COMMENT_ZH ->
                    comment(call, DiscordCommandTree.COMMENT_ADD, sources);
            case DiscordCommandTree.MESSAGE_EDIT_COMMENT, DiscordCommandTree.MESSAGE_EDIT_COMMENT_ZH ->
                    comment(call, DiscordCommandTree.COMMENT_EDIT, sources);
            case DiscordCommandTree.MESSAGE_DELETE_COMMENT, DiscordCommandTree.MESSAGE_DELETE_COMMENT_ZH ->
                    comment(call, DiscordCommandTree.COMMENT_DELETE, sources);
            default -> reply(call, "unknown_action");
        };
    }

    private ObjectNode login(Call call) {
        if (!linkRequests.available()) {
            return reply(call, "login.not_configured");
        }
        String url = linkRequests.begin(ChatPlatform.DISCORD, call.userId(), call.userName(), null);
        return InteractionReplies.message(texts.text(call.lang(), "login.link", Map.of("url", url)));
    }

    private ObjectNode logout(Call call) {
        return reply(call, links.unlink(ChatPlatform.DISCORD, call.userId()) ? "logout.done" : "logout.none");
    }

    /**
     * {@code /gh claim <code>}: the channel (or thread) it is typed in accepts the code's group. Only in a server, and only
     * from a member whose permissions in that channel, as Discord computed them for this interaction, include Manage
     * Channels, Manage Webhooks or Administrator: those who may already decide what posts there.
     */
    private ObjectNode claim(Call call, String code) {
        JsonNode interaction = call.interaction();
        String channelId = interaction.path("channel_id").asText("");
        if (!interaction.hasNonNull("guild_id") || !interaction.path("member").isObject() || channelId.isEmpty()) {
            return reply(call, "claim.not_a_channel");
        }
        if (!ChannelPermissions.mayClaim(interaction.path("member").path("permissions").asText(""))) {
            return reply(call, "claim.not_admin");
        }
        if (code.isBlank()) {
            return reply(call, "claim.usage");
        }
        Optional<ChatClaims.Redeemed> redeemed;
        try {
            redeemed = claims.redeem(code, new ChatClaims.ClaimingChat(DiscordTarget.PLATFORM, channelId, null, call.userId(),
                    call.userName()));
        } catch (RuntimeException e) {
            LOG.warn("/gh claim in Discord channel {} failed: {}", channelId, e.toString());
            return reply(call, "claim.unavailable");
        }
        if (redeemed.isEmpty()) {
            return reply(call, "claim.unknown_code");
        }
        LOG.info("Discord channel {} claimed group {} (/gh claim by {})", channelId, redeemed.get().groupId(), call.userId());
        return InteractionReplies.message(texts.text(call.lang(), redeemed.get().fresh() ? "claim.done" : "claim.again",
                Map.of("group", redeemed.get().groupName())));
    }

    /**
     * {@code /gh subscribe} and {@code /gh unsubscribe}: in a server channel or thread, by a member who may claim it
     * (as for {@code /gh claim}) and whose linked GitHub account administers a group.
     */
    private ObjectNode subscribe(Call call, JsonNode sub) {
        Optional<ChatSubscriptions.Place> place = place(call);
        if (place.isEmpty()) {
            return reply(call, "claim.not_a_channel");
        }
        if (!ChannelPermissions.mayClaim(call.interaction().path("member").path("permissions").asText(""))) {
            return reply(call, "subscribe.not_chat_admin");
        }
        Optional<String> githubUser = links.githubUserOf(ChatPlatform.DISCORD, call.userId());
        if (githubUser.isEmpty()) {
            return failure(call, ActionError.NOT_LINKED);
        }
        // the options as the words a Telegram user types, so both read them the same way
        StringBuilder words = new StringBuilder(optionValue(sub, DiscordCommandTree.REPOSITORY_OPTION));
        words.append(' ').append(optionValue(sub, DiscordCommandTree.EVENTS_OPTION).replace(',', ' '));
        for (String option : List.of(DiscordCommandTree.BRANCH_OPTION, DiscordCommandTree.LABEL_OPTION, DiscordCommandTree.GROUP_OPTION)) {
            String value = optionValue(sub, option).strip();
            if (!value.isEmpty()) {
                words.append(" --").append(option).append(' ').append(value.replaceAll("\\s+", "-"));
            }
        }
        ChatSubscriptions.Subscriber who = new ChatSubscriptions.Subscriber(DiscordTarget.PLATFORM, call.userId(), call.userName(),
                githubUser.get(), actions.login(githubUser.get()));
        SubscribeCommand command = SubscribeCommand.parse(words.toString());
        try {
            return answer(call, sub.path("name").asText().equals(DiscordCommandTree.SUBSCRIBE)
                    ? subscriptions.subscribe(who, place.get(), command) : subscriptions.unsubscribe(who, place.get(), command));
        } catch (RuntimeException e) {
            // the route's rules or a limit refused it: the reason is the admin API's, in its words
            LOG.info("/gh {} in Discord channel {} refused: {}", sub.path("name").asText(), call.interaction().path("channel_id").asText(),
                    e.getMessage());
            return answer(call, new ChatSubscriptions.Reply("subscribe.refused", Map.of("problem", String.valueOf(e.getMessage()))));
        }
    }

    /** The server channel, or the thread in it, a command was typed in: where a subscription's messages go. */
    private static Optional<ChatSubscriptions.Place> place(Call call) {
        JsonNode interaction = call.interaction();
        String channelId = interaction.path("channel_id").asText("");
        if (!interaction.hasNonNull("guild_id") || !interaction.path("member").isObject() || channelId.isEmpty()) {
            return Optional.empty();
        }
        JsonNode channel = interaction.path("channel");
        int type = channel.path("type").asInt(0);
        boolean thread = type == 10 || type == 11 || type == 12;
        String parent = channel.path("parent_id").asText("");
        String name = channel.path("name").asText("");
        DiscordTarget target = thread && !parent.isEmpty() ? new DiscordTarget(parent, channelId) : new DiscordTarget(channelId, null);
        return Optional.of(new ChatSubscriptions.Place(target, name.isBlank() ? null : "#" + name));
    }

    private ObjectNode answer(Call call, ChatSubscriptions.Reply answer) {
        return InteractionReplies.message(texts.text(call.lang(), answer.key(), answer.params()));
    }

    private ObjectNode comment(Call call, String op, List<String> sources) {
        Optional<String> githubUser = links.githubUserOf(ChatPlatform.DISCORD, call.userId());
        if (githubUser.isEmpty()) {
            return failure(call, ActionError.NOT_LINKED);
        }
        boolean add = DiscordCommandTree.COMMENT_ADD.equals(op);
        Optional<ForgeLink> target = forgeLinks.first(sources, add ? ForgeLinks.Kind.ISSUE_OR_PULL : ForgeLinks.Kind.COMMENT);
        if (target.isEmpty()) {
            return reply(call, add ? "no_link.issue" : "no_link.comment");
        }
        if (target.get().forge() != ForgeLink.Forge.GITHUB) {
            return failure(call, ActionError.UNSUPPORTED_FORGE);
        }
        ForgeLink link = target.get();
        return switch (op) {
            case DiscordCommandTree.COMMENT_ADD -> InteractionReplies.modal(modals.open(ModalContexts.Op.ADD, link.issue()),
                    texts.text(call.lang(), "modal.add_title", Map.of("ref", link.reference())),
                    texts.text(call.lang(), "modal.body_label"), null, null);
            case DiscordCommandTree.COMMENT_EDIT -> editModal(call, githubUser.get(), link);
            case DiscordCommandTree.COMMENT_DELETE -> later(call, () -> {
                ActionOutcome outcome = actions.perform(githubUser.get(), Action.deleteComment(link), "discord", null);
                return outcome.ok() ? texts.text(call.lang(), "comment.deleted") : texts.failure(call.lang(), outcome);
            });
            default -> reply(call, "usage");
        };
    }

    /** The edit modal, prefilled with the comment's text when GitHub gives it within the budget. */
    private ObjectNode editModal(Call call, String githubUser, ForgeLink comment) {
        String title = texts.text(call.lang(), "modal.edit_title", Map.of("id", comment.commentId()));
        String label = texts.text(call.lang(), "modal.body_label");
        CompletableFuture<ActionOutcome> read;
        try {
            read = CompletableFuture.supplyAsync(() -> actions.perform(githubUser, Action.readComment(comment), "discord", null), work::execute);
        } catch (RejectedExecutionException busy) {
            return failure(call, ActionError.UNAVAILABLE);
        }
        ActionOutcome current;
        try {
            current = read.get(PREFILL_BUDGET_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException slow) {
            return InteractionReplies.modal(modals.open(ModalContexts.Op.EDIT, comment), title, label, null,
                    texts.text(call.lang(), "modal.no_prefill"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(call, ActionError.UNAVAILABLE);
        } catch (ExecutionException e) {
            LOG.warn("reading a comment for the edit modal failed", e.getCause());
            return failure(call, ActionError.UNAVAILABLE);
        }
        if (!current.ok()) {
            return InteractionReplies.message(texts.failure(call.lang(), current));
        }
        String body = current.field("body");
        if (body.length() > InteractionReplies.MAX_INPUT) {
            // a cut prefill would silently drop the rest of the comment when saved
            return InteractionReplies.message(texts.failure(call.lang(), ActionError.INVALID));
        }
        return InteractionReplies.modal(modals.open(ModalContexts.Op.EDIT, comment), title, label, body, null);
    }

    private ObjectNode component(Call call) {
        Optional<PullButton> button = PullButton.parse(call.interaction().path("data").path("custom_id").asText(null));
        if (button.isEmpty()) {
            return reply(call, "unknown_action");
        }
        Optional<String> githubUser = links.githubUserOf(ChatPlatform.DISCORD, call.userId());
        if (githubUser.isEmpty()) {
            return failure(call, ActionError.NOT_LINKED);
        }
        String channelId = call.interaction().path("channel_id").asText(call.interaction().path("message").path("channel_id").asText(null));
        String messageId = call.interaction().path("message").path("id").asText(null);
        ForgeLink pull = button.get().pull();
        Map<String, String> ref = Map.of("ref", pull.reference());
        return later(call, () -> {
            ActionOutcome state = actions.perform(githubUser.get(), Action.readPull(pull), "discord", null);
            if (state.ok() && state.body().path("merged").asBoolean(false)) {
                followUps.removeButtons(channelId, messageId);
                return texts.text(call.lang(), "pull.already_merged", ref);
            }
            if (state.ok() && "closed".equals(state.field("state"))) {
                followUps.removeButtons(channelId, messageId);
                return texts.text(call.lang(), "pull.already_closed", ref);
            }
            Action action = button.get().merge() ? Action.merge(pull, Action.DEFAULT_MERGE_METHOD) : Action.close(pull);
            ActionOutcome outcome = actions.perform(githubUser.get(), action, "discord", null);
            if (!outcome.ok()) {
                return texts.failure(call.lang(), outcome);
            }
            followUps.removeButtons(channelId, messageId);
            return texts.text(call.lang(), button.get().merge() ? "pull.merged" : "pull.closed", ref);
        });
    }

    private ObjectNode modalSubmit(Call call) {
        JsonNode data = call.interaction().path("data");
        String customId = data.path("custom_id").asText("");
        if (!ModalContexts.ours(customId)) {
            return reply(call, "unknown_action");
        }
        String body = inputValue(data).strip();
        if (body.isEmpty()) {
            return reply(call, "comment.empty");
        }
        Optional<String> githubUser = links.githubUserOf(ChatPlatform.DISCORD, call.userId());
        if (githubUser.isEmpty()) {
            return failure(call, ActionError.NOT_LINKED);
        }
        Optional<ModalContexts.Context> context = modals.take(customId);
        if (context.isEmpty()) {
            return reply(call, "modal.expired");
        }
        ForgeLink target = context.get().target();
        return later(call, () -> {
            if (context.get().op() == ModalContexts.Op.ADD) {
                ActionOutcome outcome = actions.perform(githubUser.get(), Action.comment(target, body), "discord", null);
                return outcome.ok()
                        ? texts.text(call.lang(), "comment.done", Map.of("login", actions.login(githubUser.get()), "url", outcome.field("html_url")))
                        : texts.failure(call.lang(), outcome);
            }
            ActionOutcome outcome = actions.perform(githubUser.get(), Action.editComment(target, body), "discord", null);
            return outcome.ok() ? texts.text(call.lang(), "comment.updated", Map.of("url", outcome.field("html_url")))
                    : texts.failure(call.lang(), outcome);
        });
    }

    /** A deferral now; {@code result} computed on the work pool and edited into the reply. */
    private ObjectNode later(Call call, java.util.function.Supplier<String> result) {
        try {
            work.execute(() -> {
                String content;
                try {
                    content = result.get();
                } catch (RuntimeException e) {
                    LOG.warn("a Discord interaction failed", e);
                    content = texts.failure(call.lang(), ActionError.UNAVAILABLE);
                }
                followUps.editOriginal(call.applicationId(), call.token(), content);
            });
        } catch (RejectedExecutionException busy) {
            LOG.warn("Discord interaction refused: every chat worker is busy");
            return failure(call, ActionError.RATE_LIMITED);
        }
        return InteractionReplies.deferred();
    }

    private ObjectNode reply(Call call, String key) {
        return InteractionReplies.message(texts.text(call.lang(), key));
    }

    private ObjectNode failure(Call call, ActionError error) {
        return InteractionReplies.message(texts.failure(call.lang(), error));
    }

    /** The texts a context-menu command's target message offers: every embed url, then the content. */
    private static List<String> messageTexts(JsonNode data) {
        JsonNode message = data.path("resolved").path("messages").path(data.path("target_id").asText());
        List<String> texts = new ArrayList<>();
        for (JsonNode embed : message.path("embeds")) {
            texts.add(embed.path("url").asText(""));
        }
        texts.add(message.path("content").asText(""));
        for (JsonNode embed : message.path("embeds")) {
            texts.add(embed.path("description").asText(""));
        }
        return texts;
    }

    private static String optionValue(JsonNode command, String name) {
        for (JsonNode option : command.path("options")) {
            if (name.equals(option.path("name").asText())) {
                return option.path("value").asText("");
            }
        }
        return "";
    }

    private static String inputValue(JsonNode data) {
        for (JsonNode row : data.path("components")) {
            for (JsonNode input : row.path("components")) {
                if ("body".equals(input.path("custom_id").asText())) {
                    return input.path("value").asText("");
                }
            }
        }
        return "";
    }

    private static String displayName(JsonNode user) {
        String global = user.path("global_name").asText("");
        return global.isBlank() ? user.path("username").asText("") : global;
    }
}
