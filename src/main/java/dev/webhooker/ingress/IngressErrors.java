package dev.webhooker.ingress;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * What the sender is told when ingress fails, decided from the exception alone: a refusal the sender can fix
 * ({@link WebhookRejectedException}) is its {@link Rejection}'s status and text; storage that could not take the
 * delivery ({@link StorageUnavailableException}, a database or transaction failure) is a 503 to retry after 30
 * seconds; anything else is a 500. Nothing from an exception's stack or an internal message reaches the sender except
 * a rejection's detail.
 */
final class IngressErrors {

    /** The kinds of failure, each with the exception types that make it. */
    enum Kind {
        REJECTED(WebhookRejectedException.class),
        STORAGE_UNAVAILABLE(StorageUnavailableException.class, DataAccessException.class, TransactionException.class),
        UNEXPECTED(Exception.class);

        private final List<Class<? extends Throwable>> types;

        @SafeVarargs
        Kind(Class<? extends Throwable>... types) {
            this.types = List.of(types);
        }
    }

    /**
     * The answer to a failure: its status, body and headers; the outcome the meters count it under (and the rejection,
     * the reason of a refused one); and the error line logged, if any ({@code logStackTrace}: with the exception's
     * stack).
     */
    record Answer(Kind kind, int status, Map<String, Object> body, Map<String, String> headers, String outcome,
                  Rejection rejection, String logLine, boolean logStackTrace) {
    }

    private IngressErrors() {
    }

    /** The answer to {@code caught}, the exception the route caught. */
    static Answer answer(Throwable caught) {
        Match match = match(caught);
        return switch (match == null ? Kind.UNEXPECTED : match.kind()) {
            case REJECTED -> rejected((WebhookRejectedException) match.exception());
            case STORAGE_UNAVAILABLE -> new Answer(Kind.STORAGE_UNAVAILABLE, 503, Map.of("error", "Storage unavailable, retry later"),
                    Map.of("Retry-After", "30"), "unavailable", null,
                    "webhook not accepted, storage unavailable: " + (caught == null ? "?" : caught.toString()), false);
            case UNEXPECTED -> new Answer(Kind.UNEXPECTED, 500, Map.of("error", "Internal error, retry later"), Map.of(), "failed",
                    null, "webhook not accepted, unexpected failure", true);
        };
    }

    private static Answer rejected(WebhookRejectedException e) {
        Rejection rejection = e.rejection();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", rejection.error());
        if (e.detail() != null) {
            body.put("detail", e.detail());
        }
        return new Answer(Kind.REJECTED, rejection.status(), body, Map.of(), "rejected", rejection, null, false);
    }

    private record Match(Kind kind, Throwable exception) {
    }

    /**
     * The kind whose type is closest to the exception or one of its causes, picked the way Camel picks among a route's
     * {@code onException} clauses, so the answers stay those the route's separate handlers gave: the causes are tried
     * from the innermost out, and an exact type ends the search; otherwise the match whose type is the fewest
     * superclasses above its exception's wins, the innermost on a tie. A {@code StorageUnavailableException} is a
     * storage failure whatever it wraps (its type is exact); but a {@code DataAccessException} wrapped in a plain
     * {@code RuntimeException}, or one that wraps an {@code SQLException}, is unexpected: the plain exception is
     * fewer steps from {@code Exception} than the storage failure is from {@code DataAccessException}.
     */
    private static Match match(Throwable caught) {
        List<Throwable> chain = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = caught; t != null && seen.add(t); t = t.getCause()) {
            chain.add(t);
        }
        Collections.reverse(chain);
        TreeMap<Integer, Match> candidates = new TreeMap<>();
        for (Throwable exception : chain) {
            int depth = depth(exception.getClass());
            Kind best = null;
            int bestDistance = Integer.MAX_VALUE;
            for (Kind kind : Kind.values()) {
                for (Class<? extends Throwable> type : kind.types) {
                    if (!type.isInstance(exception)) {
                        continue;
                    }
                    int distance = type == exception.getClass() ? 0 : depth - depth(type);
                    if (distance < bestDistance) {
                        best = kind;
                        bestDistance = distance;
                    }
                }
            }
            if (best != null) {
                candidates.putIfAbsent(bestDistance, new Match(best, exception));
            }
            if (bestDistance == 0) {
                break;
            }
        }
        return candidates.isEmpty() ? null : candidates.firstEntry().getValue();
    }

    /** How many superclasses a class has. */
    private static int depth(Class<?> type) {
        int depth = 0;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            depth++;
        }
        return depth;
    }
}
