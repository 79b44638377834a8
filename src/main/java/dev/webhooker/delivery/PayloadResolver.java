package dev.webhooker.delivery;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.store.PayloadStore;

/**
 * The payload of a claimed delivery: inline in the row, or parked in the {@link PayloadStore}.
 * Empty when it is gone or is not a JSON object — a missing payload is a failure, never an
 * empty event. A store that cannot be reached throws, so the delivery is retried.
 */
class PayloadResolver {

    private final ObjectMapper json;
    private final PayloadStore store;

    /** {@code store} may be null when nothing is ever parked (then a reference counts as missing). */
    public PayloadResolver(ObjectMapper json, PayloadStore store) {
        this.json = json;
        this.store = store;
    }

    public Optional<ObjectNode> resolve(ClaimedDelivery delivery) {
        if (delivery.payload() != null) {
            return asObject(delivery.payload().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        if (delivery.payloadRef() == null || store == null) {
            return Optional.empty();
        }
        return store.get(delivery.payloadRef()).flatMap(this::asObject);
    }

    /** Deletes the parked payload of a final delivery; a failure is left to the maintenance sweep. */
    public void discard(ClaimedDelivery delivery) {
        if (delivery.payloadRef() != null && store != null) {
            store.delete(delivery.payloadRef());
        }
    }

    private Optional<ObjectNode> asObject(byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            return node instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
