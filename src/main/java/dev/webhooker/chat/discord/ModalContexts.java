package dev.webhooker.chat.discord;

import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.actions.ForgeLink;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * What an open comment modal is about, kept in KV {@code ghc:{uuid}} for 15 minutes under the short
 * custom_id {@code ghc:{uuid}}, so long owner and repository names never overflow Discord's 100 characters.
 * A submit takes it (single use). The original's {@code ghc|add|owner|repo|n} ids, from modals opened before
 * an upgrade, are still read.
 */
final class ModalContexts {

    static final String PREFIX = "ghc:";
    private static final String LEGACY_PREFIX = "ghc|";
    private static final ObjectMapper JSON = new ObjectMapper();

    enum Op { ADD, EDIT }

    record Context(Op op, ForgeLink target) {
    }

    private final KvStore kv;

    ModalContexts(KvStore kv) {
        this.kv = kv;
    }

    /** Keeps the context; the custom_id to give the modal. */
    String open(Op op, ForgeLink target) {
        String id = UUID.randomUUID().toString();
        ObjectNode record = JSON.createObjectNode().put("op", op.name()).put("owner", target.owner()).put("repo", target.repo())
                .put("number", target.number());
        if (target.commentId() != null) {
            record.put("commentId", target.commentId());
        }
        kv.put(KvKeys.MODAL.key(id), record.toString(), KvKeys.MODAL.ttl());
        return PREFIX + id;
    }

    static boolean ours(String customId) {
        return customId != null && (customId.startsWith(PREFIX) || customId.startsWith(LEGACY_PREFIX));
    }

    Optional<Context> take(String customId) {
        if (customId.startsWith(LEGACY_PREFIX)) {
            return legacy(customId);
        }
        String id = customId.substring(PREFIX.length());
        if (!id.matches("[0-9a-f-]{36}")) {
            return Optional.empty();
        }
        return kv.take(KvKeys.MODAL.key(id)).flatMap(ModalContexts::read);
    }

    private static Optional<Context> read(String value) {
        try {
            JsonNode node = JSON.readTree(value);
            Op op = Op.valueOf(node.path("op").asText());
            String owner = node.path("owner").asText();
            String repo = node.path("repo").asText();
            ForgeLink target = op == Op.ADD
                    ? ForgeLink.githubIssue(owner, repo, node.path("number").asLong())
                    : ForgeLink.githubComment(owner, repo, node.path("commentId").asLong());
            return Optional.of(new Context(op, target));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** {@code ghc|add|{owner}|{repo}|{n}} or {@code ghc|edit|…|{commentId}}, split from the right. */
    private static Optional<Context> legacy(String customId) {
        return CustomIdParts.split(customId.substring(LEGACY_PREFIX.length())).flatMap(parts -> switch (parts.op()) {
            case "add" -> Optional.of(new Context(Op.ADD, ForgeLink.githubIssue(parts.owner(), parts.repo(), parts.number())));
            case "edit" -> Optional.of(new Context(Op.EDIT, ForgeLink.githubComment(parts.owner(), parts.repo(), parts.number())));
            default -> Optional.empty();
        });
    }
}
