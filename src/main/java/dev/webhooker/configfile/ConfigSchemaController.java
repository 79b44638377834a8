package dev.webhooker.configfile;

import java.time.Duration;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.routing.ConfigSchema;

/**
 * {@code GET /schema/webhooker-config.json}: the JSON Schema of the configuration file, for editors (YAML language
 * servers, IDEs) to check and complete it. Public, like the example file it describes: it holds no configuration.
 */
@RestController
class ConfigSchemaController {

    private final ObjectNode schema = ConfigSchema.document();

    @GetMapping(value = "/schema/webhooker-config.json", produces = "application/schema+json")
    ResponseEntity<ObjectNode> schema() {
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(Duration.ofHours(1)).cachePublic())
                .contentType(MediaType.parseMediaType("application/schema+json")).body(schema);
    }
}
