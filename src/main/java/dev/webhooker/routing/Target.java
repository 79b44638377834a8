package dev.webhooker.routing;

import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Where a message goes: a chat, a channel or an endpoint of one platform, with that platform's fields. Each platform
 * package declares its own target record ({@code DiscordTarget}, {@code TelegramTarget}…) and the
 * {@link TargetPlatform} that reads, writes and checks it; routing and the engine only use what is declared here.
 *
 * <p>An interface with one record per platform, not a sealed hierarchy: Java lets a sealed type's subclasses live in
 * other packages only inside a named module, and this project runs on the class path. Keeping every target in one
 * package would pull each platform's rules back here, so the set of platforms is the registered one
 * ({@link TargetPlatforms}), found by the {@code platform} name the configuration JSON already carries.
 *
 * <p>A dry run's answer shows targets through Jackson, as each record's fields and {@code platform} in upper case.
 */
@JsonPropertyOrder({"platform"})
public interface Target {

    /** The platform's name as the configuration writes it: {@code discord}, {@code webhook}… */
    String platform();

    /**
     * The target id string used in logs, tracking and the group log: a chat's id (and its thread or topic), or for a
     * URL its host and a short hash of the whole URL, which tells two endpoints on one host apart without writing a
     * path or query (where tokens live) into a log.
     */
    String id();

    /**
     * Whether it is an HTTP endpoint of its own (a URL) rather than a chat on a bot's platform: such a target is
     * disabled when it keeps failing (delivery.FailureStreak), and needs no chat's consent.
     */
    default boolean endpoint() {
        return false;
    }

    /** Whether a tracked message can be edited in place there (CI runs); else every event is a new message. */
    default boolean editsInPlace() {
        return false;
    }

    /**
     * Whether each pull request or issue gets its own thread here ({@code threads: true}): the first message about it
     * starts the thread and every later one goes into it. Only where the platform has threads and the target is a
     * channel of the bot, not already a thread.
     */
    default boolean threads() {
        return false;
    }

    /**
     * The chat a bot posts this target's messages into, whose consent a group needs ({@link ChatConsent}): the place a
     * message lands. Empty for a URL target: whoever holds the URL may post to it.
     */
    default Optional<String> consentChat() {
        return Optional.empty();
    }

    /**
     * How metrics name where it goes: its platform, or for a platform that reaches many systems, which kind
     * ({@code camel:kafka}). A bounded set of values, never an address or a credential.
     */
    default String meterPlatform() {
        return platform();
    }

    /** How a dry run's answer names the platform (upper case, as it always has). */
    @JsonProperty("platform")
    default String platformLabel() {
        return platform().toUpperCase(Locale.ROOT);
    }
}
