package dev.webhooker.format;

import dev.webhooker.routing.WebhookEvent;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything one formatting run needs: the payload, the language and emoji setting of the group, and
 * what is derived once from the payload (repo, base URL, author, ref links).
 */
public final class FormatContext {

    private final String provider;
    private final String event;
    private final PayloadView payload;
    private final Translations texts;
    private final boolean emoji;
    private final String repo;
    private final String baseUrl;
    private final RefLinks refs;

    public FormatContext(WebhookEvent event, Translations texts, boolean emoji) {
        this.provider = event.provider() == null ? "" : event.provider();
        this.event = event.event() == null ? "" : event.event();
        this.payload = PayloadView.of(event.payload());
        this.texts = texts;
        this.emoji = emoji;
        this.repo = payload.get("repository", "full_name").nonBlank();
        String htmlUrl = payload.get("repository", "html_url").nonBlank();
        this.baseUrl = htmlUrl != null ? stripTrailingSlash(htmlUrl)
                : repo != null && !"gitea".equals(provider) ? "https://github.com/" + repo : null;
        this.refs = new RefLinks(baseUrl, provider);
    }

    public String provider() {
        return provider;
    }

    public String event() {
        return event;
    }

    public PayloadView payload() {
        return payload;
    }

    public Translations texts() {
        return texts;
    }

    public boolean emojiEnabled() {
        return emoji;
    }

    /** repository.full_name, or null. */
    public String repo() {
        return repo;
    }

    /** The repository for titles: its name, or the localized word "repository". */
    public String repoLabel() {
        return repo != null ? repo : texts.t("common.repository");
    }

    /** repository.html_url (or the GitHub URL of the repo name); null when unknown. */
    public String baseUrl() {
        return baseUrl;
    }

    public RefLinks refs() {
        return refs;
    }

    /** The payload's action word, or the event's default action when absent. */
    public String action(String defaultAction) {
        return payload.get("action").textOr(defaultAction);
    }

    /** The payload member a formatter is built around; a missing one makes the formatter fail (→ FORMAT_ERROR). */
    public PayloadView require(String member) {
        PayloadView object = payload.get(member);
        if (!object.isObject()) {
            throw new MissingObjectException(event, member);
        }
        return object;
    }

    /** The emoji plus a space, or "" when the group turned emoji off. */
    public String em(String emoji) {
        return this.emoji ? emoji + " " : "";
    }

    /** t(key, "name1", value1, "name2", value2, …); values may be null (placeholder becomes ""). */
    public String t(String key, Object... namesAndValues) {
        Map<String, Object> params = new HashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            params.put(String.valueOf(namesAndValues[i]), namesAndValues[i + 1]);
        }
        params.putIfAbsent("repo", repoLabel());
        return texts.t(key, params);
    }

    /**
     * {@code {repo}#{number}: {title}} of an issue, PR or discussion; "?" and "Untitled" stand in for gaps.
     * The title is the author's text, shown literally.
     */
    public String numberedTitle(String key, PayloadView object) {
        String title = object.get("title").nonBlank();
        return t(key,
                "number", object.get("number").textOr("?"),
                "title", title == null ? t("common.untitled") : LiteralText.escape(title.strip()));
    }

    /** Names joined with ", ", for Labels and Assignees fields; null when there are none. */
    public static String joinNames(java.util.List<PayloadView> items, String member) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (PayloadView item : items) {
            String name = item.get(member).nonBlank();
            if (name != null) {
                names.add(name);
            }
        }
        return names.isEmpty() ? null : TextCut.shorten(String.join(", ", names), 1024);
    }

    public String actionLabel(String action) {
        return texts.action(action);
    }

    public String word(String group, String value) {
        return texts.word(group, value);
    }

    public String field(String name) {
        return texts.t("fields." + name);
    }

    /** updateKey {@code {kind}:{repo}:{id}}, or null when the repo or the id is unknown. */
    public String updateKey(String kind, PayloadView id) {
        String idText = id.nonBlank();
        return repo == null || idText == null || id.raw().isContainerNode() ? null : kind + ":" + repo + ":" + idText;
    }

    /** The sender as the message author. */
    public NeutralMessage.Author author() {
        PayloadView sender = payload.get("sender");
        String login = sender.get("login").nonBlank();
        if (login == null) {
            login = sender.get("username").nonBlank();
        }
        String iconUrl = sender.get("avatar_url").nonBlank();
        if (login == null) {
            return new NeutralMessage.Author(texts.t("common.unknown"), iconUrl, null);
        }
        String url = sender.get("html_url").nonBlank();
        if (url == null) {
            String origin = origin(payload.get("repository", "html_url").nonBlank());
            url = (origin != null ? origin : "https://github.com") + "/" + RefLinks.encodeSegment(login);
        }
        return new NeutralMessage.Author(login, iconUrl, url);
    }

    /** scheme://host[:port] of a URL, or null when it does not parse as an absolute http(s) URL. */
    static String origin(String url) {
        if (url == null) {
            return null;
        }
        try {
            URI uri = URI.create(url.strip());
            String scheme = uri.getScheme();
            if (uri.getHost() == null || scheme == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                return null;
            }
            return scheme.toLowerCase() + "://" + uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
    }

    private static String stripTrailingSlash(String url) {
        String stripped = url.strip();
        while (stripped.endsWith("/")) {
            stripped = stripped.substring(0, stripped.length() - 1);
        }
        return stripped;
    }
}
