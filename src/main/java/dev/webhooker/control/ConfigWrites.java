package dev.webhooker.control;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import dev.webhooker.configfile.ConfigFileSync;

/**
 * In config-file sync mode the file is authoritative: a write through the API would be undone by the next
 * change of the file, so every config write answers 409 and names the file to edit instead.
 */
@Component
class ConfigWrites {

    private final ObjectProvider<ConfigFileSync> configFile;

    ConfigWrites(ObjectProvider<ConfigFileSync> configFile) {
        this.configFile = configFile;
    }

    void requireAllowed() {
        ConfigFileSync sync = configFile.getIfAvailable();
        if (sync != null && !sync.configWritesAllowed()) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Configuration is managed by the config file",
                    "WEBHOOKER_CONFIG_MODE is sync: edit " + sync.fileName() + " instead (it is applied when saved)");
        }
    }
}
