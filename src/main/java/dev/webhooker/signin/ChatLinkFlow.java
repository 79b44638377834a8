package dev.webhooker.signin;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.util.HtmlUtils;

import dev.webhooker.access.SessionUser;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The end of a chat link: after GitHub said who signed in, a page names both accounts and asks to
 * confirm; a link is written only by that POST, from the browser that signed in (the confirmation token is
 * on that page only, and the Origin check applies). So whoever opens a link that was not theirs sees whose
 * chat account they would hand their GitHub account to, and nothing happens unless they agree.
 */
final class ChatLinkFlow {

    static final String CONFIRM_PATH = "/auth/link/confirm";

    private static final Logger LOG = LoggerFactory.getLogger(ChatLinkFlow.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final LinkRequests requests;
    private final AccountLinks links;
    private final TelegramClient telegram;
    private final SecureRandom random = new SecureRandom();

    ChatLinkFlow(KvStore kv, LinkRequests requests, AccountLinks links, TelegramClient telegram) {
        this.kv = kv;
        this.requests = requests;
        this.links = links;
        this.telegram = telegram;
    }

    /** The callback of a link sign-in: the confirmation page, or why there is nothing to confirm. */
    void offer(SessionUser github, String linkToken, HttpServletResponse response) throws IOException {
        Optional<LinkRequest> request = requests.peek(linkToken);
        if (request.isEmpty()) {
            AuthAnswers.html(response, 410, "Link expired", "<p>This link has expired or was already used. Send <code>/gh login</code> again.</p>");
            return;
        }
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String confirmation = HexFormat.of().formatHex(bytes);
        ObjectNode record = JSON.createObjectNode().put("link", linkToken).put("githubUserId", github.userId())
                .put("githubLogin", github.login());
        kv.put(KvKeys.LINK_CONFIRM.key(confirmation), record.toString(), KvKeys.LINK_CONFIRM.ttl());
        LinkRequest link = request.get();
        String body = "<p>Link the " + link.platform().displayName() + " account <strong>" + escape(chatName(link)) + "</strong>"
                + " (id " + escape(link.chatUserId()) + ") to the GitHub account <strong>@" + escape(github.login()) + "</strong>?</p>"
                + "<p>Commands sent from that " + link.platform().displayName() + " account will then comment, merge and close"
                + " on GitHub as @" + escape(github.login()) + ". If you did not ask for this, close this page: nothing is linked.</p>"
                + "<form method=\"post\" action=\"" + CONFIRM_PATH + "\"><input type=\"hidden\" name=\"confirmation\" value=\""
                + confirmation + "\"><button type=\"submit\">Link the accounts</button></form>";
        AuthAnswers.html(response, 200, "Link " + link.platform().displayName() + " to GitHub", body);
    }

    /** The confirmation: writes the link once, tells a Telegram user privately, answers with a page. */
    void confirm(String confirmation, HttpServletResponse response) throws IOException {
        Optional<JsonNode> record = LinkRequests.valid(confirmation)
                ? kv.take(KvKeys.LINK_CONFIRM.key(confirmation)).flatMap(ChatLinkFlow::parse)
                : Optional.empty();
        Optional<LinkRequest> request = record.flatMap(r -> requests.take(r.path("link").asText()));
        if (record.isEmpty() || request.isEmpty()) {
            AuthAnswers.html(response, 410, "Link expired", "<p>This confirmation has expired or was already used. Send <code>/gh login</code> again.</p>");
            return;
        }
        LinkRequest link = request.get();
        String githubUserId = record.get().path("githubUserId").asText();
        String login = record.get().path("githubLogin").asText();
        links.link(link.platform(), link.chatUserId(), githubUserId, login);
        LOG.info("{} user {} linked to GitHub @{} ({})", link.platform().displayName(), link.chatUserId(), login, githubUserId);
        if (link.platform() == ChatPlatform.TELEGRAM) {
            tellTelegramUser(link, login);
        }
        AuthAnswers.html(response, 200, "Accounts linked", "<p>The " + link.platform().displayName() + " account <strong>" + escape(chatName(link))
                + "</strong> now acts as <strong>@" + escape(login) + "</strong> on GitHub. You can close this page.</p>"
                + "<p>To undo it, send <code>/gh logout</code>.</p>");
    }

    /** Best effort, to the user's private chat (their id), never into the group the command came from. */
    private void tellTelegramUser(LinkRequest link, String login) {
        ObjectNode body = JSON.createObjectNode().put("chat_id", link.chatUserId()).put("parse_mode", "HTML")
                .put("text", "Linked to GitHub <b>@" + HtmlUtils.htmlEscape(login) + "</b>. Reply to a notification with "
                        + "<code>/gh comment your text</code>, <code>/gh merge</code> or <code>/gh close</code>.");
        body.putObject("link_preview_options").put("is_disabled", true);
        var outcome = telegram.call("sendMessage", body).join();
        if (!outcome.ok()) {
            LOG.info("link confirmation to Telegram user {} not sent: {}", link.chatUserId(), outcome.errorCode());
        }
    }

    private static String chatName(LinkRequest link) {
        return link.chatName() == null || link.chatName().isBlank() ? link.chatUserId() : link.chatName();
    }

    private static Optional<JsonNode> parse(String value) {
        try {
            return Optional.of(JSON.readTree(value));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text == null ? "" : text);
    }
}
