package dev.webhooker.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import dev.webhooker.routing.WebhookEvent;

/**
 * The GitHub logins an event asks to act: the reviewer a review was requested from, the person assigned, and everyone
 * {@code @named} in the text the event brings (a comment, a review, the body of a pull request or issue as it is opened
 * or edited). Team requests and {@code @org/team} names are nobody's in particular and are left out, as is the sender
 * naming themselves.
 */
public final class ActingPeople {

    /**
     * {@code @login} as GitHub links it: not inside a word or an e-mail address, and not followed by {@code /} (a
     * team). A login is letters, digits and inner single hyphens, at most 39 characters.
     */
    private static final Pattern NAMED = Pattern.compile(
            "(?<![A-Za-z0-9_`.@/-])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(?![A-Za-z0-9_/-])");
    private static final Pattern CODE = Pattern.compile("(?s)```.*?```|`[^`\\n]*`");
    /** The most logins one message mentions: a body that names a crowd does not page all of it. */
    static final int MAX = 10;

    private ActingPeople() {
    }

    /** The logins, in the order the event names them, without repeats (ignoring case); at most {@link #MAX}. */
    public static List<String> of(WebhookEvent event) {
        JsonNode payload = event.payload();
        if (payload == null) {
            return List.of();
        }
        Set<String> seen = new LinkedHashSet<>();
        List<String> logins = new ArrayList<>();
        String action = payload.path("action").asText("");
        if ("review_requested".equals(action)) {
            add(payload.path("requested_reviewer").path("login"), seen, logins);
        }
        if ("assigned".equals(action)) {
            add(payload.path("assignee").path("login"), seen, logins);
        }
        for (JsonNode text : List.of(payload.path("comment").path("body"), payload.path("review").path("body"),
                "opened".equals(action) || "edited".equals(action) ? bodyOfSubject(payload) : MissingNode.getInstance())) {
            if (text.isTextual()) {
                Matcher named = NAMED.matcher(CODE.matcher(text.textValue()).replaceAll(" "));
                while (named.find()) {
                    add(named.group(1), seen, logins);
                }
            }
        }
        String sender = payload.path("sender").path("login").asText("");
        logins.removeIf(login -> login.equalsIgnoreCase(sender));
        return logins.size() > MAX ? List.copyOf(logins.subList(0, MAX)) : List.copyOf(logins);
    }

    /**
     * The GitHub user ids the event gives for the people it asks to act, by login in lower case: the reviewer asked for
     * and the assignee (a login {@code @named} in a text comes without one).
     */
    public static Map<String, String> ids(WebhookEvent event) {
        JsonNode payload = event.payload();
        Map<String, String> ids = new LinkedHashMap<>();
        if (payload == null) {
            return ids;
        }
        for (String who : List.of("requested_reviewer", "assignee")) {
            JsonNode user = payload.path(who);
            if (user.path("login").isTextual() && user.path("id").canConvertToLong()) {
                ids.put(user.path("login").textValue().toLowerCase(Locale.ROOT), user.path("id").asText());
            }
        }
        return ids;
    }

    private static JsonNode bodyOfSubject(JsonNode payload) {
        return payload.has("pull_request") ? payload.path("pull_request").path("body") : payload.path("issue").path("body");
    }

    private static void add(JsonNode login, Set<String> seen, List<String> logins) {
        if (login.isTextual()) {
            add(login.textValue(), seen, logins);
        }
    }

    private static void add(String login, Set<String> seen, List<String> logins) {
        if (!login.isBlank() && seen.add(login.toLowerCase(Locale.ROOT))) {
            logins.add(login);
        }
    }
}
