package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The body of {@code telegram:openThread}: the first message of a thread named {@code name}, as the Bot API
 * {@code method} (sendMessage, sendPhoto) takes its {@code parameters}.
 */
record TelegramThreadOpening(String method, ObjectNode parameters, String name) {

    /** Not a Bot API method: its endpoint's producer is {@link TelegramThreadOpener}, which makes the calls it takes. */
    static final String METHOD = "openThread";
    static final String ENDPOINT = "telegram:" + METHOD;
}
