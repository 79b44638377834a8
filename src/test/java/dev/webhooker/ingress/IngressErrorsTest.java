package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

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
    void aStorageFailureAnywhereInTheCauseChainIsA503() {
        for (Throwable failure : List.<Throwable>of(
                new RuntimeException(new DataAccessResourceFailureException("down")),
                new CannotGetJdbcConnectionException("x", new SQLException("y")),
                new CannotGetJdbcConnectionException("no connection", new SQLTransientConnectionException("timeout")),
                new DataAccessResourceFailureException("down", new IllegalStateException("x")),
                new IllegalStateException(new RuntimeException(new CannotCreateTransactionException("no transaction"))),
                new RuntimeException(new StorageUnavailableException("kv down", new SQLException("x"))),
                new StorageUnavailableException("kv down", new DataAccessResourceFailureException("down")))) {
            IngressErrors.Answer answer = IngressErrors.answer(failure);

            assertThat(answer.kind()).as(failure + " caused by " + failure.getCause()).isEqualTo(IngressErrors.Kind.STORAGE_UNAVAILABLE);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).isEqualTo(Map.of("error", "Storage unavailable, retry later"));
            assertThat(answer.headers()).isEqualTo(Map.of("Retry-After", "30"));
            assertThat(answer.outcome()).isEqualTo("unavailable");
            assertThat(answer.logLine()).isEqualTo("webhook not accepted, storage unavailable: " + failure);
            assertThat(answer.logStackTrace()).isFalse();
        }
    }

    @Test
    void aRejectionAnywhereInTheCauseChainIsItsStatusAndOtherFailuresAre500() {
        // a bean call wraps what it throws: the rejection inside still decides the answer
        assertThat(IngressErrors.answer(new RuntimeException(new WebhookRejectedException(Rejection.INVALID_EVENT, null))).status())
                .isEqualTo(400);
        // the outermost of a rejection and a storage failure decides
        assertThat(IngressErrors.answer(new DataAccessResourceFailureException("down",
                new WebhookRejectedException(Rejection.INVALID_EVENT, null))).status()).isEqualTo(503);
        for (Throwable failure : List.<Throwable>of(new IllegalStateException("x"), new IllegalStateException(new Error("x")),
                new RuntimeException(new SQLException("not through Spring's translation")))) {
            assertThat(IngressErrors.answer(failure).kind()).as(failure.toString()).isEqualTo(IngressErrors.Kind.UNEXPECTED);
            assertThat(IngressErrors.answer(failure).status()).isEqualTo(500);
        }
    }

    @Test
    void nothingCaughtIsUnexpected() {
        assertThat(IngressErrors.answer(null).status()).isEqualTo(500);
    }
}
