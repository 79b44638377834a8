package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import jakarta.servlet.RequestDispatcher;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;

class JsonErrorControllerTest {

    @Test
    void unknownPathWhileRoutesAreStillStartingIsServiceUnavailableWithRetryAfter() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            ResponseEntity<Object> response = new JsonErrorController(camel).error(failed(404));

            assertThat(response.getStatusCode().value()).isEqualTo(503);
            assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
            assertThat(response.getBody()).isEqualTo(Map.of("error", "Starting, retry later"));
        }
    }

    @Test
    void askedForProblemDetailsTheSameAnswerIsOne() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            MockHttpServletRequest request = failed(404);
            request.addHeader(HttpHeaders.ACCEPT, "application/problem+json");
            request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/webhook/x");
            ResponseEntity<Object> response = new JsonErrorController(camel).error(request);

            assertThat(response.getStatusCode().value()).isEqualTo(503);
            assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
            assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
            assertThat(response.getBody()).isInstanceOfSatisfying(ProblemDetail.class, problem -> {
                assertThat(problem.getTitle()).isEqualTo("Starting, retry later");
                assertThat(problem.getStatus()).isEqualTo(503);
                assertThat(problem.getInstance()).hasToString("/webhook/x");
            });
        }
    }

    @Test
    void unknownPathOnceRoutesRunIsNotFound() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            camel.start();
            ResponseEntity<Object> response = new JsonErrorController(camel).error(failed(404));

            assertThat(response.getStatusCode().value()).isEqualTo(404);
            assertThat(response.getHeaders().containsKey(HttpHeaders.RETRY_AFTER)).isFalse();
            assertThat(response.getBody()).isEqualTo(Map.of("error", "Not Found"));
        }
    }

    @Test
    void otherContainerErrorsKeepTheirStatusDuringStartUp() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            assertThat(new JsonErrorController(camel).error(failed(405)).getStatusCode().value()).isEqualTo(405);
            assertThat(new JsonErrorController(camel).error(failed(200)).getStatusCode().value()).isEqualTo(500);
        }
    }

    private static MockHttpServletRequest failed(int status) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/error");
        request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, status);
        return request;
    }
}
