package dev.webhooker.platform.discord;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The application commands: the {@code /gh} slash command and three message
 * context-menu commands, as the bulk-overwrite body. English defaults with {@code zh-CN} localizations;
 * the original's Chinese context-menu names are kept as their localized names. Discord reports the
 * default (English) name in an interaction, so handlers match on the constants below.
 */
public final class DiscordCommandTree {

    public static final String SLASH = "gh";
    public static final String LOGIN = "login";
    public static final String LOGOUT = "logout";
    public static final String COMMENT = "comment";
    public static final String COMMENT_ADD = "add";
    public static final String COMMENT_EDIT = "edit";
    public static final String COMMENT_DELETE = "del";
    public static final String LINK_OPTION = "link";
    public static final String CLAIM = "claim";
    public static final String CODE_OPTION = "code";
    public static final String SUBSCRIBE = "subscribe";
    public static final String UNSUBSCRIBE = "unsubscribe";
    public static final String SUBSCRIPTIONS = "subscriptions";
    public static final String REPOSITORY_OPTION = "repository";
    public static final String EVENTS_OPTION = "events";
    public static final String BRANCH_OPTION = "branch";
    public static final String LABEL_OPTION = "label";
    public static final String GROUP_OPTION = "group";

    public static final String MESSAGE_ADD_COMMENT = "GitHub: Add comment";
    public static final String MESSAGE_EDIT_COMMENT = "GitHub: Edit comment";
    public static final String MESSAGE_DELETE_COMMENT = "GitHub: Delete comment";

    /** The original's context-menu names, which old installations still show until re-registered. */
    public static final String MESSAGE_ADD_COMMENT_ZH = "GitHub: 添加评论";
    public static final String MESSAGE_EDIT_COMMENT_ZH = "GitHub: 编辑评论";
    public static final String MESSAGE_DELETE_COMMENT_ZH = "GitHub: 删除评论";

    private static final String ZH = "zh-CN";
    private static final int CHAT_INPUT = 1;
    private static final int MESSAGE = 3;
    private static final int SUB_COMMAND = 1;
    private static final int SUB_COMMAND_GROUP = 2;
    private static final int STRING = 3;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DiscordCommandTree() {
    }

    /** The array {@code [gh, add, edit, delete]} for {@code PUT …/commands}. A new copy on each call. */
    public static ArrayNode payload() {
        ArrayNode commands = NODES.arrayNode();
        commands.add(slashCommand());
        commands.add(messageCommand(MESSAGE_ADD_COMMENT, MESSAGE_ADD_COMMENT_ZH));
        commands.add(messageCommand(MESSAGE_EDIT_COMMENT, MESSAGE_EDIT_COMMENT_ZH));
        commands.add(messageCommand(MESSAGE_DELETE_COMMENT, MESSAGE_DELETE_COMMENT_ZH));
        return commands;
    }

    /** SHA-256 (hex) of the payload: stored as the registration markers' value, so a changed tree is re-sent. */
    public static String payloadHash(ObjectMapper mapper) {
        try {
            byte[] body = mapper.writeValueAsBytes(payload());
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot hash the command payload", e);
        }
    }

    private static ObjectNode slashCommand() {
        ObjectNode gh = described(NODES.objectNode(), SLASH, "GitHub actions from Discord", "在 Discord 中操作 GitHub");
        gh.put("type", CHAT_INPUT);
        ArrayNode options = gh.putArray("options");
        options.add(option(SUB_COMMAND, LOGIN, "Link your GitHub account", "绑定 GitHub 账号"));
        options.add(option(SUB_COMMAND, LOGOUT, "Unlink your GitHub account", "解除 GitHub 账号绑定"));
        ObjectNode comment = option(SUB_COMMAND_GROUP, COMMENT, "Issue and pull request comments", "Issue / PR 评论");
        ArrayNode sub = comment.putArray("options");
        sub.add(withLink(option(SUB_COMMAND, COMMENT_ADD, "Add a comment to an issue or pull request", "在 Issue 或 PR 下添加评论"),
                "Issue or pull request URL", "Issue 或 PR 链接"));
        sub.add(withLink(option(SUB_COMMAND, COMMENT_EDIT, "Edit one of your comments", "编辑评论"),
                "Comment URL (with #issuecomment-)", "评论链接(含 #issuecomment-)"));
        sub.add(withLink(option(SUB_COMMAND, COMMENT_DELETE, "Delete one of your comments", "删除评论"),
                "Comment URL (with #issuecomment-)", "评论链接(含 #issuecomment-)"));
        options.add(comment);
        ObjectNode claim = option(SUB_COMMAND, CLAIM, "Let a webhooker group post in this channel", "允许 webhooker 群组在此频道发消息");
        ObjectNode code = option(STRING, CODE_OPTION, "The code a group admin got in the console", "群组管理员在控制台获取的代码");
        code.put("required", true);
        claim.putArray("options").add(code);
        options.add(claim);
        ObjectNode subscribe = option(SUB_COMMAND, SUBSCRIBE, "Send a repository's events to this channel", "将仓库的事件发送到此频道");
        ArrayNode subscribeOptions = subscribe.putArray("options");
        subscribeOptions.add(required(option(STRING, REPOSITORY_OPTION, "owner/repo", "owner/repo")));
        subscribeOptions.add(option(STRING, EVENTS_OPTION, "Events, separated by spaces (all when empty): push pull_request …",
                "事件,以空格分隔(留空为全部):push pull_request …"));
        subscribeOptions.add(option(STRING, BRANCH_OPTION, "Only this branch", "仅此分支"));
        subscribeOptions.add(option(STRING, LABEL_OPTION, "Only this label", "仅此标签"));
        subscribeOptions.add(option(STRING, GROUP_OPTION, "The webhooker group (when you administer several)", "webhooker 群组(管理多个时)"));
        options.add(subscribe);
        ObjectNode unsubscribe = option(SUB_COMMAND, UNSUBSCRIBE, "Stop sending a repository's events here", "停止将仓库的事件发送到此处");
        ArrayNode unsubscribeOptions = unsubscribe.putArray("options");
        unsubscribeOptions.add(required(option(STRING, REPOSITORY_OPTION, "owner/repo", "owner/repo")));
        unsubscribeOptions.add(option(STRING, GROUP_OPTION, "The webhooker group", "webhooker 群组"));
        options.add(unsubscribe);
        options.add(option(SUB_COMMAND, SUBSCRIPTIONS, "What is sent to this channel", "发送到此频道的内容"));
        return gh;
    }

    private static ObjectNode messageCommand(String name, String zhName) {
        ObjectNode command = NODES.objectNode();
        command.put("name", name);
        command.putObject("name_localizations").put(ZH, zhName);
        command.put("type", MESSAGE);
        return command;
    }

    private static ObjectNode option(int type, String name, String description, String zhDescription) {
        ObjectNode option = described(NODES.objectNode(), name, description, zhDescription);
        option.put("type", type);
        return option;
    }

    private static ObjectNode required(ObjectNode option) {
        option.put("required", true);
        return option;
    }

    private static ObjectNode withLink(ObjectNode subCommand, String description, String zhDescription) {
        ObjectNode link = option(STRING, LINK_OPTION, description, zhDescription);
        link.put("required", true);
        subCommand.putArray("options").add(link);
        return subCommand;
    }

    private static ObjectNode described(ObjectNode node, String name, String description, String zhDescription) {
        node.put("name", name);
        node.put("description", description);
        node.putObject("description_localizations").put(ZH, zhDescription);
        return node;
    }
}
