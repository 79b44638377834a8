package dev.webhooker.control;

import java.io.IOException;
import java.io.InputStream;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The admin API described as OpenAPI 3 ({@code admin/openapi.json}, written by hand: a generator would cost
 * start-up time and memory for one document). AdminApiContract checks that every endpoint served under
 * {@code /admin/api} is in it, and nothing else.
 */
@RestController
class OpenApiController {

    static final String DOCUMENT = "admin/openapi.json";

    private final byte[] document;

    OpenApiController() throws IOException {
        try (InputStream in = new ClassPathResource(DOCUMENT).getInputStream()) {
            this.document = in.readAllBytes();
        }
    }

    @GetMapping("/admin/api/openapi.json")
    ResponseEntity<byte[]> openApi() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document);
    }
}
