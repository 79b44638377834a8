package dev.webhooker.routing;

import java.util.function.BiConsumer;

/** The problems of one target's values, each reported with its field's path, as {@link ConfigValidator} reports. */
public final class TargetProblems {

    /** Discord snowflakes have 20 digits at most, Telegram chat ids and @usernames about 33 characters. */
    public static final int MAX_ID_LENGTH = ConfigValidator.MAX_TARGET_ID_LENGTH;

    private final String path;
    private final BiConsumer<String, String> problems;

    TargetProblems(String path, BiConsumer<String, String> problems) {
        this.path = path;
        this.problems = problems;
    }

    /** A problem of {@code field} (empty: the target itself). */
    public void add(String field, String message) {
        problems.accept(field.isEmpty() ? path : path + "." + field, message);
    }

    /** Reports an id field longer than {@link #MAX_ID_LENGTH}: it is reported once, as too long. */
    public void checkLength(String field, String id) {
        if (id != null && id.length() > MAX_ID_LENGTH) {
            add(field, "longer than " + MAX_ID_LENGTH + " characters");
        }
    }

    /** Present and within the length cap (a longer one is reported once, as too long). */
    public static boolean fits(String id) {
        return id != null && id.length() <= MAX_ID_LENGTH;
    }
}
