package dev.webhooker.platform.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.WebhookEvent;

/**
 * The JSON a webhook target gets: the event's payload as routing saw it (GitHub's and custom senders' as sent,
 * Gitea's in the GitHub shape it was mapped to), or the neutral message every chat renderer starts from
 * (title, url, description, author, fields…, empty members left out).
 */
public final class WebhookBodies {

    private static final ObjectMapper MESSAGE_JSON = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_EMPTY)
            .build();

    public WebhookMessage render(WebhookTarget.BodyFormat format, NeutralMessage message, WebhookEvent event) {
        String provider = event == null ? null : event.provider();
        String name = event == null ? null : event.event();
        if (format == WebhookTarget.BodyFormat.EVENT && event != null && event.payload() != null) {
            return new WebhookMessage(event.payload().toString(), provider, name);
        }
        try {
            return new WebhookMessage(MESSAGE_JSON.writeValueAsString(message), provider, name);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a neutral message is plain data and always writes as JSON", e);
        }
    }
}
