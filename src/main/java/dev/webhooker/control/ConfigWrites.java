package dev.webhooker.control;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import dev.webhooker.configfile.ConfigFileSync;

/**
 * In config-file sync mode the file manages its groups (those it names and those it wrote before): a write to one of
 * them through the API would be undone by the next change of the file, and so would a write of a whole list, which
 * rewrites them all. Those answer 409 and name the file to edit instead. Groups made in the console (or elsewhere) are
 * written as usual, deletion included.
 */
@Component
class ConfigWrites {

    private final ObjectProvider<ConfigFileSync> configFile;

    ConfigWrites(ObjectProvider<ConfigFileSync> configFile) {
        this.configFile = configFile;
    }

    /** A write of whole lists (every group, every route, a pruning import). */
    void requireWholeListAllowed() {
        ConfigFileSync sync = configFile.getIfAvailable();
        if (sync != null && !sync.configWritesAllowed()) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Configuration is managed by the config file",
                    "WEBHOOKER_CONFIG_MODE is sync: edit " + sync.fileName() + " instead (it is applied when saved), "
                            + "or write the groups made in the console one by one");
        }
    }

    /** A write to group {@code groupId} (its settings, routes, id, members), or a new group of that id. */
    void requireAllowed(String groupId) {
        ConfigFileSync sync = configFile.getIfAvailable();
        if (sync != null && sync.managesGroup(groupId)) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Group is managed by the config file",
                    "group \"" + groupId + "\" is managed by " + sync.fileName() + " (WEBHOOKER_CONFIG_MODE is sync): edit the file "
                            + "instead (it is applied when saved)");
        }
    }
}
