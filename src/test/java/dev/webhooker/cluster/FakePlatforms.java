package dev.webhooker.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Telegram and Discord as the cluster test sees them, on one local port. Each instance is given its own path prefix
 * ({@code /i/{name}/telegram}, {@code /i/{name}/discord}), so every request is known by the instance that made it.
 * Discord honours {@code enforce_nonce} as Discord does (a repeated nonce returns the first message and shows
 * nothing new); Telegram has no such key, so every sendMessage is a message in the chat.
 */
final class FakePlatforms implements AutoCloseable {

    /** A message that appeared: where, from which instance, when (System.nanoTime) and its text or JSON. */
    record Message(String platform, String chat, String instance, long receivedNanos, String body) {
    }

    /** A telegram-sync run seen as its getWebhookInfo call. */
    record SyncCall(String instance, long receivedNanos) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<Message> messages = new CopyOnWriteArrayList<>();
    private final List<Message> discordRepeats = new CopyOnWriteArrayList<>();
    private final List<SyncCall> syncCalls = new CopyOnWriteArrayList<>();
    private final Map<String, String> discordByNonce = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1000);
    private volatile String webhookUrl = "";

    FakePlatforms() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.createContext("/i/", this::handle);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.start();
    }

    String telegramUrl(String instance) {
        return base() + "/i/" + instance + "/telegram";
    }

    String discordUrl(String instance) {
        return base() + "/i/" + instance + "/discord";
    }

    List<Message> messages() {
        return List.copyOf(messages);
    }

    List<Message> discordRepeats() {
        return List.copyOf(discordRepeats);
    }

    List<SyncCall> syncCalls() {
        return List.copyOf(syncCalls);
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        long received = System.nanoTime();
        // /i/{instance}/{platform}/...
        String[] parts = exchange.getRequestURI().getPath().split("/", 5);
        String instance = parts[2];
        String platform = parts[3];
        String rest = parts.length > 4 ? parts[4] : "";
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        String text = new String(body, StandardCharsets.UTF_8);
        String answer = "telegram".equals(platform) ? telegram(instance, rest, text, received) : discord(instance, rest, text, received);
        byte[] out = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, out.length);
        try (OutputStream stream = exchange.getResponseBody()) {
            stream.write(out);
        }
    }

    private String telegram(String instance, String path, String body, long received) throws IOException {
        // path: bot{token}/{method}
        String method = path.substring(path.indexOf('/') + 1);
        switch (method) {
            case "sendMessage", "sendPhoto" -> {
                JsonNode request = JSON.readTree(body);
                messages.add(new Message("telegram", request.path("chat_id").asText(), instance, received, body));
                return "{\"ok\":true,\"result\":{\"message_id\":" + ids.incrementAndGet() + "}}";
            }
            case "getWebhookInfo" -> {
                syncCalls.add(new SyncCall(instance, received));
                return JSON.createObjectNode().put("ok", true).set("result", JSON.createObjectNode().put("url", webhookUrl)
                        .set("allowed_updates", JSON.createArrayNode().add("message").add("channel_post"))).toString();
            }
            case "setWebhook" -> {
                webhookUrl = JSON.readTree(body).path("url").asText();
                return "{\"ok\":true,\"result\":true}";
            }
            default -> {
                return "{\"ok\":true,\"result\":true}";
            }
        }
    }

    private String discord(String instance, String path, String body, long received) throws IOException {
        if (!path.startsWith("channels/") || !path.endsWith("/messages")) {
            return "[]";
        }
        String channel = path.substring("channels/".length(), path.length() - "/messages".length());
        String nonce = JSON.readTree(body).path("nonce").asText("");
        String fresh = Long.toString(ids.incrementAndGet());
        String id = nonce.isEmpty() ? fresh : discordByNonce.putIfAbsent(nonce, fresh);
        Message message = new Message("discord", channel, instance, received, body);
        if (id == null || nonce.isEmpty()) {
            messages.add(message);
            id = fresh;
        } else {
            discordRepeats.add(message);
        }
        return "{\"id\":\"" + id + "\",\"channel_id\":\"" + channel + "\"}";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
