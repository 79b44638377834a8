package dev.webhooker.delivery;

/**
 * A target send after its platform's answer: the request {@code prepared} made and the {@code reply} (every answer is
 * a {@link SendOutcome}; null when the endpoint gave none).
 */
public record AnsweredSend(PreparedSend prepared, SendOutcome reply) implements SendStage {
}
