package dev.webhooker.chat.telegram;

import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.signin.AccountLinks;
import dev.webhooker.signin.ChatPlatform;
import dev.webhooker.signin.LinkRequests;
import dev.webhooker.subscriptions.ChatSubscriptions;
import dev.webhooker.subscriptions.SubscribeCommand;

/**
 * Runs one verified update's {@code /gh} command: login links go
 * to the user's private chat only, comment / merge / close act on the first matching link of the
 * notification the command replies to, and every reply is escaped Telegram HTML in the user's language, in
 * the same chat and topic, as a reply to the command.
 */
final class TelegramCommands {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramCommands.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ChatTexts texts;
    private final AccountLinks links;
    private final LinkRequests linkRequests;
    private final GithubActions actions;
    private final ForgeLinks forgeLinks;
    private final TelegramClient telegram;
    private final TelegramBotName bot;
    private final ChatClaims claims;
    private final ChatSubscriptions subscriptions;

    TelegramCommands(ChatTexts texts, AccountLinks links, LinkRequests linkRequests, GithubActions actions,
                     ForgeLinks forgeLinks, TelegramClient telegram, TelegramBotName bot, ChatClaims claims,
                     ChatSubscriptions subscriptions) {
        this.texts = texts;
        this.links = links;
        this.linkRequests = linkRequests;
        this.actions = actions;
        this.forgeLinks = forgeLinks;
        this.telegram = telegram;
        this.bot = bot;
        this.claims = claims;
        this.subscriptions = subscriptions;
    }

    /** The message of one command, as Telegram sent it. */
    private record Message(JsonNode node, String lang, String userId, String chatId, boolean privateChat) {
        String userName() {
            JsonNode from = node.path("from");
            String username = from.path("username").asText("");
            return username.isBlank() ? (from.path("first_name").asText("") + " " + from.path("last_name").asText("")).strip() : "@" + username;
        }
    }

    void handle(JsonNode update) {
        if (update.path("channel_post").isObject()) {
            channelPost(update.path("channel_post"));
            return;
        }
        JsonNode node = update.path("message");
        String userId = node.path("from").path("id").asText("");
        String chatId = node.path("chat").path("id").asText("");
        if (userId.isEmpty() || chatId.isEmpty() || node.path("from").path("is_bot").asBoolean(false)) {
            return;
        }
        boolean privateChat = "private".equals(node.path("chat").path("type").asText());
        Optional<TelegramCommand> parsed = TelegramCommand.parse(node.path("text").asText(null), bot.username().orElse(null), privateChat);
        if (parsed.isEmpty()) {
            return;
        }
        Message message = new Message(node, node.path("from").path("language_code").asText("en"), userId, chatId, privateChat);
        TelegramCommand command = parsed.get();
        switch (command.subcommand()) {
            case "login" -> login(message);
            case "logout" -> reply(message, texts.html(message.lang(), links.unlink(ChatPlatform.TELEGRAM, userId) ? "logout.done" : "logout.none",
                    Map.of()));
            case "comment" -> comment(message, command.body());
            case "merge", "close" -> pull(message, command);
            case "claim" -> claim(message, command.body());
            case "subscribe", "unsubscribe" -> subscribe(message, command);
            case "subscriptions" -> reply(message, html(message.lang(), subscriptions.list(place(message))));
            default -> reply(message, texts.html(message.lang(), "usage", Map.of()));
        }
    }

    private void login(Message message) {
        if (!linkRequests.available()) {
            reply(message, texts.html(message.lang(), "login.not_configured", Map.of()));
            return;
        }
        String url = linkRequests.begin(ChatPlatform.TELEGRAM, message.userId(), message.userName(), message.chatId());
        String text = texts.html(message.lang(), "login.link", Map.of("url", url));
        if (message.privateChat()) {
            reply(message, text);
            return;
        }
        // never into the group: whoever opened it there would be offered the requester's chat identity
        SendOutcome sent = send(message.userId(), null, null, text);
        if (sent.ok()) {
            reply(message, texts.html(message.lang(), "login.sent_privately", Map.of()));
            return;
        }
        String start = bot.username().map(name -> "https://t.me/" + name + "?start=login").orElse("/start");
        reply(message, texts.html(message.lang(), "login.start_private", Map.of("url", start)));
    }

    /**
     * {@code /gh claim <code>}: the chat accepts the code's group. In a group only from one of its administrators
     * (asked with getChatMember; an administrator posting anonymously as the group counts), in a private chat from its
     * one user.
     */
    private void claim(Message message, String code) {
        if (code.isEmpty()) {
            reply(message, texts.html(message.lang(), "claim.usage", Map.of()));
            return;
        }
        if (!message.privateChat() && !administers(message)) {
            reply(message, texts.html(message.lang(), "claim.not_admin", Map.of()));
            return;
        }
        JsonNode chat = message.node().path("chat");
        reply(message, redeem(code, chat, message.userId(), message.userName(), message.lang()));
    }

    /**
     * {@code /gh subscribe owner/repo …} and {@code /gh unsubscribe owner/repo}: by a linked user who administers a
     * group and, in a group chat, the chat too (as for {@code /gh claim}); the route's target is this chat and topic.
     */
    private void subscribe(Message message, TelegramCommand command) {
        if (!message.privateChat() && !administers(message)) {
            reply(message, texts.html(message.lang(), "subscribe.not_chat_admin", Map.of()));
            return;
        }
        Optional<String> githubUser = linked(message);
        if (githubUser.isEmpty()) {
            return;
        }
        ChatSubscriptions.Subscriber who = new ChatSubscriptions.Subscriber(TelegramTarget.PLATFORM, message.userId(),
                message.userName(), githubUser.get(), actions.login(githubUser.get()));
        SubscribeCommand parsed = SubscribeCommand.parse(command.body());
        ChatSubscriptions.Reply answer;
        try {
            answer = command.subcommand().equals("subscribe") ? subscriptions.subscribe(who, place(message), parsed)
                    : subscriptions.unsubscribe(who, place(message), parsed);
        } catch (RuntimeException e) {
            // the route's rules or a limit refused it: the reason is the admin API's, in its words
            LOG.info("/gh {} in Telegram chat {} refused: {}", command.subcommand(), message.chatId(), e.getMessage());
            answer = new ChatSubscriptions.Reply("subscribe.refused", Map.of("problem", String.valueOf(e.getMessage())));
        }
        reply(message, html(message.lang(), answer));
    }

    /** The chat, and the forum topic the command was typed in: where a subscription's messages go. */
    private static ChatSubscriptions.Place place(Message message) {
        JsonNode node = message.node();
        String topic = node.path("is_topic_message").asBoolean(false) && node.path("message_thread_id").isIntegralNumber()
                ? node.path("message_thread_id").asText() : null;
        JsonNode chat = node.path("chat");
        String name = chat.path("title").asText(chat.path("username").asText(""));
        return new ChatSubscriptions.Place(new TelegramTarget(message.chatId(), topic), name.isBlank() ? null : name);
    }

    private String html(String lang, ChatSubscriptions.Reply answer) {
        return texts.html(lang, answer.key(), answer.params());
    }

    private boolean administers(Message message) {
        JsonNode node = message.node();
        if (node.path("sender_chat").path("id").asText("").equals(message.chatId())) {
            return true;
        }
        return telegram.memberStatus(message.chatId(), message.userId())
                .map(status -> status.equals("creator") || status.equals("administrator"))
                .orElse(false);
    }

    /** A post in a channel is written by one of its administrators: {@code /gh claim} there needs no further check. */
    private void channelPost(JsonNode post) {
        Optional<TelegramCommand> parsed = TelegramCommand.parse(post.path("text").asText(null), bot.username().orElse(null), false);
        String chatId = post.path("chat").path("id").asText("");
        if (parsed.isEmpty() || !parsed.get().subcommand().equals("claim") || chatId.isEmpty()) {
            return;
        }
        String author = post.path("author_signature").asText("");
        String html = parsed.get().body().isEmpty() ? texts.html("en", "claim.usage", Map.of())
                : redeem(parsed.get().body(), post.path("chat"), "channel:" + chatId, author.isBlank() ? null : author, "en");
        SendOutcome sent = send(chatId, null, post.path("message_id").isIntegralNumber() ? post.path("message_id").asInt() : null, html);
        if (!sent.ok()) {
            LOG.info("Telegram reply to channel {} not sent: {} {}", chatId, sent.errorCode(), sent.error());
        }
    }

    private String redeem(String code, JsonNode chat, String userId, String userName, String lang) {
        String chatId = chat.path("id").asText("");
        Optional<ChatClaims.Redeemed> redeemed;
        try {
            redeemed = claims.redeem(code, new ChatClaims.ClaimingChat(TelegramTarget.PLATFORM, chatId,
                    chat.path("username").asText(null), userId, userName));
        } catch (RuntimeException e) {
            LOG.warn("/gh claim in Telegram chat {} failed: {}", chatId, e.toString());
            return texts.html(lang, "claim.unavailable", Map.of());
        }
        if (redeemed.isEmpty()) {
            return texts.html(lang, "claim.unknown_code", Map.of());
        }
        LOG.info("Telegram chat {} claimed group {} (/gh claim by {})", chatId, redeemed.get().groupId(), userId);
        return texts.html(lang, redeemed.get().fresh() ? "claim.done" : "claim.again", Map.of("group", redeemed.get().groupName()));
    }

    private void comment(Message message, String body) {
        if (body.isEmpty()) {
            reply(message, texts.html(message.lang(), "usage", Map.of()));
            return;
        }
        Optional<ForgeLink> target = target(message, ForgeLinks.Kind.ISSUE_OR_PULL, "no_link.issue");
        Optional<String> githubUser = target.flatMap(t -> linked(message));
        if (githubUser.isEmpty()) {
            return;
        }
        ActionOutcome outcome = actions.perform(githubUser.get(), Action.comment(target.get().issue(), body), "telegram", null);
        reply(message, outcome.ok()
                ? texts.html(message.lang(), "comment.done", Map.of("login", actions.login(githubUser.get()), "url", outcome.field("html_url")))
                : escapedFailure(message, outcome));
    }

    private void pull(Message message, TelegramCommand command) {
        boolean merge = command.subcommand().equals("merge");
        String method = command.body().isEmpty() ? Action.DEFAULT_MERGE_METHOD : command.body();
        if (merge && !Action.MERGE_METHODS.contains(method) || !merge && !command.body().isEmpty()) {
            reply(message, texts.html(message.lang(), "usage", Map.of()));
            return;
        }
        Optional<ForgeLink> target = target(message, ForgeLinks.Kind.PULL, "no_link.pull");
        Optional<String> githubUser = target.flatMap(t -> linked(message));
        if (githubUser.isEmpty()) {
            return;
        }
        ForgeLink pull = target.get().issue();
        ActionOutcome outcome = actions.perform(githubUser.get(), merge ? Action.merge(pull, method) : Action.close(pull), "telegram", null);
        reply(message, outcome.ok()
                ? texts.html(message.lang(), merge ? "pull.merged" : "pull.closed", Map.of("ref", pull.reference()))
                : escapedFailure(message, outcome));
    }

    /** The link in the replied-to notification; replies (and returns empty) when there is none or it is not on GitHub. */
    private Optional<ForgeLink> target(Message message, ForgeLinks.Kind kind, String noLinkKey) {
        JsonNode replied = message.node().path("reply_to_message");
        if (!replied.isObject()) {
            reply(message, texts.html(message.lang(), "reply_needed", Map.of()));
            return Optional.empty();
        }
        Optional<ForgeLink> link = forgeLinks.first(ReplyTargets.texts(replied), kind);
        if (link.isEmpty()) {
            reply(message, texts.html(message.lang(), noLinkKey, Map.of()));
            return Optional.empty();
        }
        if (link.get().forge() != ForgeLink.Forge.GITHUB) {
            reply(message, escaped(texts.failure(message.lang(), ActionError.UNSUPPORTED_FORGE)));
            return Optional.empty();
        }
        return link;
    }

    private Optional<String> linked(Message message) {
        Optional<String> githubUser = links.githubUserOf(ChatPlatform.TELEGRAM, message.userId());
        if (githubUser.isEmpty()) {
            reply(message, escaped(texts.failure(message.lang(), ActionError.NOT_LINKED)));
        }
        return githubUser;
    }

    private String escapedFailure(Message message, ActionOutcome outcome) {
        return escaped(texts.failure(message.lang(), outcome));
    }

    private static String escaped(String text) {
        return org.springframework.web.util.HtmlUtils.htmlEscape(text);
    }

    /** In the command's chat and topic, as a reply to it. */
    private void reply(Message message, String html) {
        JsonNode node = message.node();
        Integer thread = node.path("is_topic_message").asBoolean(false) && node.path("message_thread_id").isIntegralNumber()
                ? node.path("message_thread_id").asInt() : null;
        Integer replyTo = node.path("message_id").isIntegralNumber() ? node.path("message_id").asInt() : null;
        SendOutcome sent = send(message.chatId(), thread, replyTo, html);
        if (!sent.ok()) {
            LOG.info("Telegram reply to chat {} not sent: {} {}", message.chatId(), sent.errorCode(), sent.error());
        }
    }

    private SendOutcome send(String chatId, Integer thread, Integer replyTo, String html) {
        ObjectNode body = NODES.objectNode().put("chat_id", chatId).put("text", html).put("parse_mode", "HTML");
        body.putObject("link_preview_options").put("is_disabled", true);
        if (thread != null) {
            body.put("message_thread_id", thread);
        }
        if (replyTo != null) {
            body.putObject("reply_parameters").put("message_id", replyTo).put("allow_sending_without_reply", true);
        }
        return telegram.call("sendMessage", body).join();
    }
}
