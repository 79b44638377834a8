package dev.webhooker.format;

import java.util.Set;

/**
 * Formats the events it names into a draft message. It may throw when the payload lacks its main
 * object; {@link MessageFormatter} then falls back to the generic message and flags a FORMAT_ERROR.
 */
public interface EventFormatter {

    /** The event names (X-GitHub-Event, after the Gitea rename) this formatter handles. */
    Set<String> events();

    MessageDraft format(FormatContext ctx);
}
