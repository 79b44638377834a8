package dev.webhooker.subscriptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What {@code /gh subscribe owner/repo [event …] [--branch b] [--label l] [--group g]} asks for, read from the words
 * after the subcommand. {@link #problem} names the first thing wrong with them, as a key of the chat texts.
 */
public record SubscribeCommand(String repository, List<String> events, String branch, String label, String group,
                               String problem) {

    /** GitHub's owner/name: letters, digits, {@code -}, {@code _} and {@code .}. */
    private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}");
    private static final Pattern EVENT = Pattern.compile("[a-z_]{1,40}");

    public SubscribeCommand {
        events = List.copyOf(events);
    }

    public boolean valid() {
        return problem == null;
    }

    /** The words of {@code /gh subscribe …} (or {@code unsubscribe}: only a repository and {@code --group}). */
    public static SubscribeCommand parse(String words) {
        List<String> tokens = words == null || words.isBlank() ? List.of() : List.of(words.trim().split("\\s+"));
        String repository = null;
        List<String> events = new ArrayList<>();
        String branch = null;
        String label = null;
        String group = null;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.startsWith("--")) {
                String option = token.substring(2).toLowerCase(Locale.ROOT);
                if (i + 1 >= tokens.size() || tokens.get(i + 1).startsWith("--")) {
                    return failed("subscribe.option_value");
                }
                String value = tokens.get(++i);
                switch (option) {
                    case "branch" -> branch = value;
                    case "label" -> label = value;
                    case "group" -> group = value.toLowerCase(Locale.ROOT);
                    default -> {
                        return failed("subscribe.unknown_option");
                    }
                }
            } else if (repository == null) {
                repository = token.replaceFirst("^https://github\\.com/", "").replaceFirst("/$", "");
            } else {
                String event = token.toLowerCase(Locale.ROOT);
                if (!EVENT.matcher(event).matches()) {
                    return failed("subscribe.bad_event");
                }
                if (!events.contains(event)) {
                    events.add(event);
                }
            }
        }
        if (repository == null) {
            return failed("subscribe.usage");
        }
        if (!REPOSITORY.matcher(repository).matches()) {
            return failed("subscribe.bad_repository");
        }
        return new SubscribeCommand(repository, events, branch, label, group, null);
    }

    private static SubscribeCommand failed(String key) {
        return new SubscribeCommand(null, List.of(), null, null, null, key);
    }
}
