package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.regex.Pattern;

import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

import dev.webhooker.signin.ApiTokens;

/** The strict binding of the admin API's small bodies to their records, and each record's constraints. */
class RequestBodiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ValidatorFactory VALIDATION = Validation.buildDefaultValidatorFactory();
    private final RequestBodies bodies = new RequestBodies(VALIDATION.getValidator());

    @AfterAll
    static void close() {
        VALIDATION.close();
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private AdminApiException refusal(String body, Class<? extends Record> type, String error) throws Exception {
        JsonNode node = body == null ? null : json(body);
        return catchThrowableOfType(AdminApiException.class, () -> bodies.read(node, type, error));
    }

    // ---------------------------------------------------------------- a token

    @Test
    void aTokenRequestBindsTrimmedAndLeavesAbsentFieldsNull() throws Exception {
        ApiTokenController.TokenRequest read = bodies.read(json("{\"name\":\"  ci  \",\"scopes\":[\"comment\",\"react\"],\"expiresInDays\":30}"),
                ApiTokenController.TokenRequest.class, "Invalid token request");
        assertThat(read).isEqualTo(new ApiTokenController.TokenRequest("ci", List.of("comment", "react"), 30L));
        assertThat(bodies.read(json("{\"name\":\"ci\",\"scopes\":null}"), ApiTokenController.TokenRequest.class, "x").scopes()).isNull();
    }

    @Test
    void anUnknownTokenFieldIsRefusedNamingItAndTheExpectedOnes() throws Exception {
        AdminApiException e = refusal("{\"name\":\"ci\",\"scope\":[\"comment\"]}", ApiTokenController.TokenRequest.class, "Invalid token request");
        assertThat(e.status()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("Invalid token request");
        assertThat(e.field()).isEqualTo("scope");
        assertThat(e.detail()).isEqualTo("scope: unknown field (expected one of name, scopes, expiresInDays)");
    }

    @Test
    void wrongTypesAreNamedNotCoerced() throws Exception {
        AdminApiException number = refusal("{\"name\":42}", ApiTokenController.TokenRequest.class, "Invalid token request");
        assertThat(number.detail()).isEqualTo("name: expected a string, got number");
        assertThat(number.field()).isEqualTo("name");
        AdminApiException text = refusal("{\"name\":\"ci\",\"expiresInDays\":\"30\"}", ApiTokenController.TokenRequest.class, "x");
        assertThat(text.detail()).isEqualTo("expiresInDays: expected a whole number, got string");
        AdminApiException fraction = refusal("{\"name\":\"ci\",\"expiresInDays\":1.5}", ApiTokenController.TokenRequest.class, "x");
        assertThat(fraction.detail()).isEqualTo("expiresInDays: expected a whole number, got decimal number");
        AdminApiException huge = refusal("{\"name\":\"ci\",\"expiresInDays\":100000000000000000000000}", ApiTokenController.TokenRequest.class, "x");
        assertThat(huge.field()).isEqualTo("expiresInDays");
        AdminApiException element = refusal("{\"name\":\"ci\",\"scopes\":[\"comment\",7]}", ApiTokenController.TokenRequest.class, "x");
        assertThat(element.field()).as("a list of words is one control").isEqualTo("scopes");
        assertThat(element.detail()).isEqualTo("scopes: expected a string, got number at scopes[1]");
        AdminApiException notAList = refusal("{\"name\":\"ci\",\"scopes\":\"comment\"}", ApiTokenController.TokenRequest.class, "x");
        assertThat(notAList.detail()).isEqualTo("scopes: expected an array, got string");
        AdminApiException object = refusal("{\"name\":{\"a\":1}}", ApiTokenController.TokenRequest.class, "x");
        assertThat(object.detail()).isEqualTo("name: expected a string, got object");
        AdminApiException bool = refusal("{\"name\":true}", ApiTokenController.TokenRequest.class, "x");
        assertThat(bool.detail()).isEqualTo("name: expected a string, got boolean");
    }

    @Test
    void rangesLengthsAndWordsAreCheckedAndEveryProblemListed() throws Exception {
        AdminApiException range = refusal("{\"name\":\"ci\",\"expiresInDays\":400}", ApiTokenController.TokenRequest.class, "Invalid token request");
        assertThat(range.getMessage()).isEqualTo("Invalid token request");
        assertThat(range.detail()).isEqualTo("expiresInDays: a whole number from 1 to 365");
        assertThat(refusal("{\"name\":\"ci\",\"expiresInDays\":0}", ApiTokenController.TokenRequest.class, "x").detail())
                .isEqualTo("expiresInDays: a whole number from 1 to 365");
        assertThat(refusal("{\"name\":\"   \"}", ApiTokenController.TokenRequest.class, "x").detail()).isEqualTo("name: required, 1 to 100 characters");
        assertThat(refusal("{}", ApiTokenController.TokenRequest.class, "x").detail()).isEqualTo("name: required, 1 to 100 characters");
        assertThat(refusal("{\"name\":\"" + "n".repeat(101) + "\"}", ApiTokenController.TokenRequest.class, "x").detail())
                .isEqualTo("name: at most 100 characters");
        assertThat(refusal("{\"name\":\"ci\",\"scopes\":[]}", ApiTokenController.TokenRequest.class, "x").detail())
                .isEqualTo("scopes: a non-empty array of comment, merge, close, react, admin:read, admin:write");

        AdminApiException several = refusal("{\"scopes\":[\"comment\",\"fly\",null],\"expiresInDays\":999}", ApiTokenController.TokenRequest.class, "x");
        assertThat(several.field()).as("the first in the record's order").isEqualTo("name");
        assertThat(several.problems()).extracting(FieldProblem::field).containsExactly("name", "scopes", "expiresInDays");
        assertThat(several.problems()).extracting(FieldProblem::message).containsExactly("required, 1 to 100 characters",
                "a non-empty array of comment, merge, close, react, admin:read, admin:write", "a whole number from 1 to 365");
    }

    @Test
    void theScopePatternIsExactlyApiTokensScopes() {
        assertThat(List.of(ApiTokenController.SCOPE_WORDS.split("\\|"))).containsExactlyElementsOf(ApiTokens.ALL_SCOPES);
        assertThat(ApiTokens.MAX_LIFETIME.toDays()).isEqualTo(ApiTokens.MAX_LIFETIME_DAYS);
        ApiTokens.ALL_SCOPES.forEach(s -> assertThat(Pattern.matches(ApiTokenController.SCOPE_WORDS, s)).isTrue());
    }

    // ---------------------------------------------------------------- an invite

    @Test
    void anInviteBindsAndItsFieldsCarryTheirOwnErrors() throws Exception {
        assertThat(bodies.read(json("{\"role\":\"viewer\",\"note\":\" hi \"}"), InvitesController.InviteRequest.class, "Invalid invite"))
                .isEqualTo(new InvitesController.InviteRequest("viewer", "hi"));
        AdminApiException owner = refusal("{\"role\":\"owner\"}", InvitesController.InviteRequest.class, "Invalid invite");
        assertThat(owner.getMessage()).isEqualTo("role must be \"admin\" or \"viewer\"");
        assertThat(owner.detail()).isEqualTo("role: admin or viewer");
        AdminApiException missing = refusal(null, InvitesController.InviteRequest.class, "Invalid invite");
        assertThat(missing.getMessage()).isEqualTo("role must be \"admin\" or \"viewer\"");
        assertThat(missing.detail()).isEqualTo("role: missing");
        AdminApiException note = refusal("{\"role\":\"admin\",\"note\":\"" + "n".repeat(201) + "\"}", InvitesController.InviteRequest.class, "Invalid invite");
        assertThat(note.getMessage()).isEqualTo("Note too long");
        assertThat(note.field()).isEqualTo("note");
        assertThat(note.detail()).isEqualTo("note: at most 200 characters");
        AdminApiException unknown = refusal("{\"rol\":\"admin\"}", InvitesController.InviteRequest.class, "Invalid invite");
        assertThat(unknown.getMessage()).isEqualTo("Invalid invite");
        assertThat(unknown.detail()).isEqualTo("rol: unknown field (expected one of role, note)");
    }

    // ---------------------------------------------------------------- a rename, a replay, any body

    @Test
    void aRenameChecksTheIdRule() throws Exception {
        assertThat(bodies.read(json("{\"newId\":\"crew\"}"), GroupRenameController.RenameRequest.class, "newId is invalid").newId()).isEqualTo("crew");
        for (String bad : List.of("{\"newId\":\"Not Valid\"}", "{}", "{\"newId\":\"\"}", "{\"newId\":\"" + "a".repeat(65) + "\"}")) {
            AdminApiException e = refusal(bad, GroupRenameController.RenameRequest.class, "newId is invalid");
            assertThat(e.getMessage()).as(bad).isEqualTo("newId is invalid");
            assertThat(e.detail()).as(bad).isEqualTo("newId: lower-case letters, digits and dashes, at most 64, starting with a letter or digit");
        }
    }

    @Test
    void anAbsentBodyIsEmptyAndANonObjectIsRefused() throws Exception {
        assertThat(bodies.read(null, DeliveryReplayController.ReplayRequest.class, "Invalid replay"))
                .isEqualTo(new DeliveryReplayController.ReplayRequest(null, null, null));
        assertThat(bodies.read(json("null"), DeliveryReplayController.ReplayRequest.class, "Invalid replay").routeId()).isNull();
        for (String bad : List.of("[]", "\"text\"", "42")) {
            AdminApiException e = refusal(bad, DeliveryReplayController.ReplayRequest.class, "Invalid replay");
            assertThat(e.getMessage()).isEqualTo("Invalid replay");
            assertThat(e.detail()).isEqualTo("the body must be a JSON object");
            assertThat(e.field()).isNull();
        }
        assertThat(refusal("{\"target\":\"" + "t".repeat(201) + "\"}", DeliveryReplayController.ReplayRequest.class, "Invalid replay").detail())
                .isEqualTo("target: at most 200 characters");
    }
}
