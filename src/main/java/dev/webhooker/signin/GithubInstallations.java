package dev.webhooker.signin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientResponseException;

/**
 * The GitHub App installations a user can see ({@code GET /user/installations} with their own token): the
 * proof the install flow asks for before it binds an installation to a group (W2).
 */
final class GithubInstallations {

    /** GitHub lists 100 per page at most; a user who sees more than this many is not plausible. */
    private static final int MAX_PAGES = 10;

    private final RestClient rest;

    GithubInstallations(String apiUrl) {
        this.rest = RestClient.builder()
                .requestFactory(GithubSignIn.requestFactory())
                .baseUrl(GithubSignIn.trimSlash(apiUrl))
                .defaultHeader("Accept", "application/vnd.github+json")
                .defaultHeader("X-GitHub-Api-Version", "2022-11-28")
                .build();
    }

    record Installation(long id, String accountLogin) {
    }

    /** Why a lookup failed: the token was refused (sign in again), or GitHub could not be asked. */
    static final class LookupException extends Exception {
        private final boolean tokenRefused;

        LookupException(String message, boolean tokenRefused) {
            super(message, null, false, false);
            this.tokenRefused = tokenRefused;
        }

        boolean tokenRefused() {
            return tokenRefused;
        }
    }

    /** The installation with this id among those the token's user can see. */
    Optional<Installation> find(String accessToken, long installationId) throws LookupException {
        for (Installation installation : visible(accessToken)) {
            if (installation.id() == installationId) {
                return Optional.of(installation);
            }
        }
        return Optional.empty();
    }

    List<Installation> visible(String accessToken) throws LookupException {
        List<Installation> all = new ArrayList<>();
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode body;
            try {
                body = rest.get().uri("/user/installations?per_page=100&page={page}", page)
                        .header("Authorization", "Bearer " + accessToken)
                        .retrieve()
                        .body(JsonNode.class);
            } catch (RestClientResponseException e) {
                HttpStatusCode status = e.getStatusCode();
                if (status.value() == 401) {
                    throw new LookupException("GitHub refused your sign-in token", true);
                }
                throw new LookupException("GitHub answered " + status.value() + " when asked for your installations", false);
            } catch (ResourceAccessException e) {
                throw new LookupException("GitHub did not answer in time", false);
            }
            JsonNode installations = body == null ? null : body.path("installations");
            if (installations == null || !installations.isArray()) {
                throw new LookupException("GitHub's installation list was not readable", false);
            }
            for (JsonNode node : installations) {
                all.add(new Installation(node.path("id").asLong(), node.path("account").path("login").asText("")));
            }
            if (installations.size() < 100) {
                break;
            }
        }
        return all;
    }
}
