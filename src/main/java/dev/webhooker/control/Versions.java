package dev.webhooker.control;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpStatus;

/**
 * The version an optimistic write names: {@code If-Match: "3"} (an ETag of a GET, weak or strong), or
 * {@code version} in the body where an entity is written.
 */
final class Versions {

    private Versions() {
    }

    /** An entity write's version; one of the two is required (428 otherwise). */
    static int required(String ifMatch, JsonNode body) {
        String value = null;
        if (present(ifMatch)) {
            value = ifMatch;
        } else if (body != null && body.hasNonNull("version")) {
            value = body.get("version").asText();
        }
        if (value == null) {
            throw new AdminApiException(HttpStatus.PRECONDITION_REQUIRED, "Version required",
                    "send If-Match with the ETag of the GET, or the version in the body");
        }
        return (int) parse(value);
    }

    /** A list write's configuration revision, when the caller named one. */
    static Long optional(String ifMatch) {
        return present(ifMatch) ? parse(ifMatch) : null;
    }

    private static boolean present(String ifMatch) {
        return ifMatch != null && !ifMatch.isBlank();
    }

    private static long parse(String value) {
        String bare = value.trim().replaceFirst("^W/", "").replace("\"", "");
        try {
            return Integer.parseInt(bare);
        } catch (NumberFormatException e) {
            throw AdminApiException.badRequest("Invalid version", "If-Match / version: " + value + " is not a version number");
        }
    }
}
