package dev.webhooker.ingress;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * What the sender is told when ingress fails, decided from the exception alone: a refusal the sender can fix
 * ({@link WebhookRejectedException}) is its {@link Rejection}'s status and text; storage that could not take the
 * delivery ({@link StorageUnavailableException}, a database or transaction failure, wherever it is in the cause
 * chain) is a 503 to retry after 30 seconds; anything else is a 500. Nothing from an exception's stack or an internal message reaches the sender except
 * a rejection's detail.
 */
final class IngressErrors {

    /** The kinds of failure, each with the exception types that make it (an unexpected one: any other). */
    enum Kind {
        REJECTED(WebhookRejectedException.class),
        STORAGE_UNAVAILABLE(StorageUnavailableException.class, DataAccessException.class, TransactionException.class),
        UNEXPECTED;

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
     * The kind of the outermost exception in the cause chain that is a rejection or a storage failure; unexpected when
     * none is. A storage failure anywhere in the chain (a {@code DataAccessException} wrapped by a bean call, or one
     * that wraps an {@code SQLException}) is the server's temporary condition, not a fault of the request, and senders
     * retry a 503.
     */
    private static Match match(Throwable caught) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = caught; t != null && seen.add(t); t = t.getCause()) {
            for (Kind kind : List.of(Kind.REJECTED, Kind.STORAGE_UNAVAILABLE)) {
                for (Class<? extends Throwable> type : kind.types) {
                    if (type.isInstance(t)) {
                        return new Match(kind, t);
                    }
                }
            }
        }
        return null;
    }
}
