package dev.webhooker.routing;

import java.util.Set;

/**
 * What one platform means to the configuration: the fields of its targets in the configuration JSON, how they are read
 * and written (which are sealed credentials), their rules, and what its targets can carry. Each platform package
 * implements it once and registers it in {@code META-INF/services/dev.webhooker.routing.TargetPlatform}
 * ({@link TargetPlatforms}); the wire name {@code platform} of a target picks the one that reads it.
 */
public interface TargetPlatform {

    /** The wire name: {@code "platform": "<name>"} in a target. */
    String name();

    /**
     * Whether a target without a {@code platform} is read as this platform's: the wire format's default, from before
     * there was a choice. Exactly one registered platform says so.
     */
    default boolean impliedWhenUnnamed() {
        return false;
    }

    /**
     * The record its target is bound to ({@link TargetJson#bind}): its components are the fields a target may have
     * besides {@code platform}, and the configuration's JSON Schema describes the target by it.
     */
    Class<? extends Record> wireShape();

    /** The fields its target may have besides {@code platform} (what people write is refused with any other). */
    default Set<String> fields() {
        return TargetJson.fieldsOf(wireShape());
    }

    /** The target in {@code json}, whose shapes and types it checks; rules about values are {@link #check}'s. */
    Target read(TargetJson json);

    /** Writes the target's fields (not {@code platform}) into {@code json}, credentials sealed. */
    void write(Target target, TargetJson json);

    /** Reports every problem of the target's values to {@code problems}. */
    void check(Target target, TargetProblems problems);

    /** Whether it can carry a group's log: the log is one chat message, edited as the delivery goes. */
    default boolean carriesGroupLog() {
        return false;
    }

    /** Whether its targets are chats of a bot, which must consent to a group's messages ({@link ChatConsent}). */
    default boolean hasBotChats() {
        return false;
    }

    /** What is wrong with {@code id} as a chat of this platform's bot (as a super admin approves one), or null. */
    default String chatIdProblem(String id) {
        return "not a chat of a bot";
    }

    /**
     * What in a message a route's template wrote would break this platform's limits ({@code part} is {@code title},
     * {@code body} or {@code footer}), or null. The renderer would cut such a message; a template is refused instead.
     */
    default Limit overLimit(String title, String body, String footer) {
        return null;
    }

    /** A part of a message over a platform's limit: how long it is and how long it may be. */
    record Limit(String part, int length, int max) {
    }

    /** The first of {@code limits} that is exceeded, or null. */
    static Limit firstOver(Limit... limits) {
        for (Limit limit : limits) {
            if (limit.length() > limit.max()) {
                return limit;
            }
        }
        return null;
    }

    /** A text's length as the platforms count it (UTF-16 units); 0 for none. */
    static int length(String text) {
        return text == null ? 0 : text.length();
    }

    /** Whether its messages can mention a person: a group's {@code people} then take an account on it. */
    default boolean mentionsPeople() {
        return false;
    }

    /** What is wrong with {@code id} as a person's account on this platform (see {@link #mentionsPeople}), or null. */
    default String personIdProblem(String id) {
        return "this platform mentions nobody";
    }
}
