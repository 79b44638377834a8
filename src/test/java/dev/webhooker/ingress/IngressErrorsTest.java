package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.camel.processor.errorhandler.DefaultExceptionPolicyStrategy;
import org.apache.camel.processor.errorhandler.ExceptionPolicyKey;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionException;

/** Every failure the ingress route can catch, mapped to its answer without Camel. */
class IngressErrorsTest {

    @Test
    void aRejectionIsItsStatusAndTextWithTheDetailAndIsNotLogged() {
        IngressErrors.Answer answer = IngressErrors.answer(new WebhookRejectedException(Rejection.INVALID_SIGNATURE, "bad hmac"));

        assertThat(answer.kind()).isEqualTo(IngressErrors.Kind.REJECTED);
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.body()).containsExactly(Map.entry("error", "Invalid signature"), Map.entry("detail", "bad hmac"));
        assertThat(answer.headers()).isEmpty();
        assertThat(answer.outcome()).isEqualTo("rejected");
        assertThat(answer.rejection()).isEqualTo(Rejection.INVALID_SIGNATURE);
        assertThat(answer.logLine()).isNull();
    }

    @Test
    void aRejectionWithoutDetailSaysOnlyItsText() {
        IngressErrors.Answer answer = IngressErrors.answer(new WebhookRejectedException(Rejection.TOO_LARGE, null));

        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.body()).containsExactly(Map.entry("error", "Request too large"));
    }

    @Test
    void storageThatCannotTakeTheDeliveryIsA503ToRetryAfter30Seconds() {
        for (Throwable failure : new Throwable[] {new StorageUnavailableException("kv down", new SQLException("x")),
                new CannotGetJdbcConnectionException("no connection"), new QueryTimeoutException("slow"),
                new CannotCreateTransactionException("no transaction")}) {
            IngressErrors.Answer answer = IngressErrors.answer(failure);

            assertThat(answer.kind()).as(failure.toString()).isEqualTo(IngressErrors.Kind.STORAGE_UNAVAILABLE);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).isEqualTo(Map.of("error", "Storage unavailable, retry later"));
            assertThat(answer.headers()).isEqualTo(Map.of("Retry-After", "30"));
            assertThat(answer.outcome()).isEqualTo("unavailable");
            assertThat(answer.rejection()).isNull();
            assertThat(answer.logLine()).isEqualTo("webhook not accepted, storage unavailable: " + failure);
            assertThat(answer.logStackTrace()).isFalse();
        }
    }

    @Test
    void anythingElseIsA500LoggedWithItsStackAndNothingOfItReachesTheSender() {
        IngressErrors.Answer answer = IngressErrors.answer(new IllegalStateException("secret internals"));

        assertThat(answer.kind()).isEqualTo(IngressErrors.Kind.UNEXPECTED);
        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.body()).isEqualTo(Map.of("error", "Internal error, retry later"));
        assertThat(answer.headers()).isEmpty();
        assertThat(answer.outcome()).isEqualTo("failed");
        assertThat(answer.logLine()).isEqualTo("webhook not accepted, unexpected failure");
        assertThat(answer.logStackTrace()).isTrue();
    }

    @Test
    void aFailureIsTheKindCamelPickedAmongTheRoutesFormerOnExceptionClauses() {
        // the route had one onException clause per kind; Camel's own choice among them is the reference
        Map<ExceptionPolicyKey, IngressErrors.Kind> clauses = new LinkedHashMap<>();
        clauses.put(new ExceptionPolicyKey(null, WebhookRejectedException.class, null), IngressErrors.Kind.REJECTED);
        for (Class<? extends Throwable> storage : List.of(StorageUnavailableException.class, DataAccessException.class,
                TransactionException.class)) {
            clauses.put(new ExceptionPolicyKey(null, storage, null), IngressErrors.Kind.STORAGE_UNAVAILABLE);
        }
        clauses.put(new ExceptionPolicyKey(null, Exception.class, null), IngressErrors.Kind.UNEXPECTED);
        List<Throwable> failures = List.of(
                new WebhookRejectedException(Rejection.INVALID_EVENT, null),
                new RuntimeException(new WebhookRejectedException(Rejection.INVALID_EVENT, null)),
                new StorageUnavailableException("kv down", new SQLException("x")),
                new StorageUnavailableException("kv down", new DataAccessResourceFailureException("down")),
                new CannotGetJdbcConnectionException("no connection"),
                new CannotGetJdbcConnectionException("no connection", new SQLTransientConnectionException("timeout")),
                new DataAccessResourceFailureException("down", new IllegalStateException("x")),
                new RuntimeException(new DataAccessResourceFailureException("down")),
                new CannotCreateTransactionException("no transaction", new CannotGetJdbcConnectionException("x")),
                new IllegalStateException("x"),
                new IllegalStateException(new Error("x")));

        for (Throwable failure : failures) {
            IngressErrors.Kind camel = clauses.get(DefaultExceptionPolicyStrategy.INSTANCE.getExceptionPolicy(clauses.keySet(), null, failure));
            assertThat(IngressErrors.answer(failure).kind()).as(failure + " caused by " + failure.getCause()).isEqualTo(camel);
        }
        // Camel takes the closest type in the whole chain: a rejection wrapped by a bean call is still a rejection, but a
        // storage failure wrapping an SQLException is unexpected (SQLException is one step from Exception)
        assertThat(IngressErrors.answer(new RuntimeException(new WebhookRejectedException(Rejection.INVALID_EVENT, null))).status())
                .isEqualTo(400);
        assertThat(IngressErrors.answer(new CannotGetJdbcConnectionException("x", new SQLException("y"))).status()).isEqualTo(500);
    }

    @Test
    void nothingCaughtIsUnexpected() {
        assertThat(IngressErrors.answer(null).status()).isEqualTo(500);
    }
}
