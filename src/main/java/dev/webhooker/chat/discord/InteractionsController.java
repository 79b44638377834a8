package dev.webhooker.chat.discord;

import java.io.IOException;
import java.time.Clock;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.chat.LimitedBody;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * {@code POST /discord/interactions}: at most 1 MiB; a valid Ed25519 signature of a
 * fresh timestamp or 401 {@code Invalid signature}; JSON or 400; PING answered with PONG; each interaction
 * id answered once (a replayed request gets 409 and runs nothing); then the handler's response as the HTTP
 * answer itself, which is how Discord expects the initial response within its 3 s.
 */
@RestController
class InteractionsController {

    private static final Logger LOG = LoggerFactory.getLogger(InteractionsController.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final InteractionSignature signature;
    private final InteractionHandler handler;
    private final KvStore kv;
    private final Clock clock;

    InteractionsController(InteractionSignature signature, InteractionHandler handler, KvStore kv, ObjectProvider<Clock> clock) {
        this.signature = signature;
        this.handler = handler;
        this.kv = kv;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    @PostMapping("/discord/interactions")
    ResponseEntity<String> interaction(HttpServletRequest request) throws IOException {
        Optional<byte[]> read = LimitedBody.read(request);
        if (read.isEmpty()) {
            return text(413, "Request too large");
        }
        byte[] body = read.get();
        if (!signature.verify(request.getHeader("X-Signature-Ed25519"), request.getHeader("X-Signature-Timestamp"), body,
                clock.instant())) {
            if (!signature.configured()) {
                LOG.warn("Discord interaction refused: DISCORD_PUBLIC_KEY is not set, so no request can be verified");
            }
            return text(401, "Invalid signature");
        }
        JsonNode interaction;
        try {
            interaction = JSON.readTree(body);
        } catch (IOException e) {
            return text(400, "Invalid JSON");
        }
        if (interaction == null || !interaction.isObject()) {
            return text(400, "Invalid JSON");
        }
        String id = interaction.path("id").asText("");
        if (interaction.path("type").asInt() != 1) {
            if (!id.matches("\\d{1,20}")) {
                return text(400, "Invalid interaction: no id");
            }
            if (!kv.putIfAbsent(KvKeys.INTERACTION.key(id), "1", KvKeys.INTERACTION.ttl())) {
                LOG.info("Discord interaction {} received again; not run twice", id);
                return text(409, "Interaction already handled");
            }
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(handler.handle(interaction).toString());
    }

    private static ResponseEntity<String> text(int status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(message);
    }
}
