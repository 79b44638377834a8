package dev.webhooker.routing;

import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

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

    /**
     * A required id field: {@code required} when it is missing or blank, else what {@code form} finds wrong with it
     * (null: nothing), asked only when it is within the length cap ({@link #checkLength} reports a longer one).
     */
    public void checkRequiredId(String field, String id, String required, UnaryOperator<String> form) {
        if (id == null || id.isBlank()) {
            add(field, required);
        } else {
            checkOptionalId(field, id, form);
        }
    }

    /** An optional id field: what {@code form} finds wrong with it, when it is present and within the length cap. */
    public void checkOptionalId(String field, String id, UnaryOperator<String> form) {
        String problem = fits(id) ? form.apply(id) : null;
        if (problem != null) {
            add(field, problem);
        }
    }

    /** Present and within the length cap (a longer one is reported once, as too long). */
    private static boolean fits(String id) {
        return id != null && id.length() <= MAX_ID_LENGTH;
    }
}
