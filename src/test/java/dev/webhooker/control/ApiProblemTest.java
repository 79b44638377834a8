package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;

/** One admin API error in its two shapes, which one a request gets, and the OpenAPI document's word for them. */
class ApiProblemTest {

    private static final ApiProblem LIMIT = ApiProblem.of(HttpStatus.CONFLICT, ApiProblem.Kind.LIMIT_REACHED, "Limit reached", "at most 3")
            .with("setting", "MAX_INVITES_PER_GROUP").with("limit", 3);

    private static MockHttpServletRequest request(String... accept) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/admin/api/groups/team/invites");
        for (String value : accept) {
            request.addHeader("Accept", value);
        }
        return request;
    }

    @Test
    void onlyAnAcceptNamingProblemJsonGetsProblemDetails() {
        assertThat(ApiProblem.wanted(request("application/problem+json, application/json"))).isTrue();
        assertThat(ApiProblem.wanted(request("application/json", "application/problem+json;q=0.5"))).isTrue();
        assertThat(ApiProblem.wanted(request())).isFalse();
        assertThat(ApiProblem.wanted(request("*/*"))).as("a wildcard keeps the first shape").isFalse();
        assertThat(ApiProblem.wanted(request("application/json"))).isFalse();
        assertThat(ApiProblem.wanted(request("application/problem+json;q=0"))).isFalse();
        assertThat(ApiProblem.wanted(request("not a media type"))).isFalse();
    }

    @Test
    void theFirstShapeKeepsItsMembersAndOrder() {
        ResponseEntity<Object> answer = LIMIT.answer(request("application/json"));
        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(answer.getHeaders().getContentType()).isNull();
        List<String> members = ((java.util.Map<?, ?>) answer.getBody()).keySet().stream().map(String::valueOf).toList();
        assertThat(members).containsExactly("error", "detail", "setting", "limit");

        ApiProblem config = ApiProblem.of(HttpStatus.BAD_REQUEST, ApiProblem.Kind.INVALID_CONFIG, "unknown role", "group (id \"t\"): members[1].role: unknown role")
                .withField("members[1].role", List.of(new FieldProblem("group (id \"t\")", "members[1].role", "unknown role"),
                        new FieldProblem("group (id \"t\")", "name", "required")));
        assertThat(config.legacy()).containsExactly(java.util.Map.entry("error", "unknown role"),
                java.util.Map.entry("detail", "group (id \"t\"): members[1].role: unknown role"), java.util.Map.entry("field", "members[1].role"),
                java.util.Map.entry("problems", List.of("group (id \"t\"): members[1].role: unknown role", "group (id \"t\"): name: required")));
    }

    @Test
    void problemDetailsCarryTypeTitleInstanceAndTheExtras() {
        ResponseEntity<Object> answer = LIMIT.answer(request("application/problem+json"));
        assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        ProblemDetail problem = (ProblemDetail) answer.getBody();
        assertThat(problem.getType()).hasToString("https://webhooker.dev/problems/limit-reached");
        assertThat(problem.getTitle()).isEqualTo("Limit reached");
        assertThat(problem.getStatus()).isEqualTo(409);
        assertThat(problem.getDetail()).isEqualTo("at most 3");
        assertThat(problem.getInstance()).hasToString("/admin/api/groups/team/invites");
        assertThat(problem.getProperties()).containsEntry("setting", "MAX_INVITES_PER_GROUP").containsEntry("limit", 3);
        assertThat(ApiProblem.of(HttpStatus.CONFLICT, ApiProblem.Kind.OTHER, "Too many tokens", null).problemDetail("/x").getType())
                .hasToString("about:blank");
    }

    @Test
    void theOpenApiDocumentNamesEveryProblemTypeAndBothShapes() throws Exception {
        JsonNode document;
        try (InputStream in = new ClassPathResource(OpenApiController.DOCUMENT).getInputStream()) {
            document = new ObjectMapper().readTree(in);
        }
        List<String> documented = new ArrayList<>();
        document.path("components").path("schemas").path("Problem").path("properties").path("type").path("enum")
                .forEach(t -> documented.add(t.asText()));
        List<String> kinds = java.util.Arrays.stream(ApiProblem.Kind.values()).map(k -> k.type().toString()).toList();
        assertThat(documented).containsExactlyInAnyOrderElementsOf(kinds);
        JsonNode error = document.path("components").path("responses").path("Error").path("content");
        assertThat(error.has("application/json")).isTrue();
        assertThat(error.path("application/problem+json").path("schema").path("$ref").asText()).isEqualTo("#/components/schemas/Problem");
    }
}
