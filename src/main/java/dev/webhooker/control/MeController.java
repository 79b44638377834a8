package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code GET /admin/api/me}: who the caller is, the groups they see with their role
 * in each, and, ours, what each role lets them do there and whether config writes are open (not in config-file sync
 * mode), so a console shows only what will work. The gate
 * (a session, then any access) is the security chain's.
 */
@RestController
class MeController {

    private final RequestAccess access;
    private final ConfigSnapshots snapshots;
    private final ObjectProvider<ConfigFileSync> configFile;
    private final ConfigJson json;

    MeController(RequestAccess access, ConfigSnapshots snapshots, ObjectProvider<ConfigFileSync> configFile, SecretSeal seal) {
        this.json = ConfigJson.forStorage().sealedWith(seal);
        this.access = access;
        this.snapshots = snapshots;
        this.configFile = configFile;
    }

    @GetMapping("/admin/api/me")
    Map<String, Object> me(HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        List<ObjectNode> groups = snapshots.current().groups().stream()
                .filter(g -> scope.sees(g.id()))
                .map(json::write)
                .toList();
        Map<String, String> roles = new LinkedHashMap<>();
        Map<String, List<String>> capabilities = new LinkedHashMap<>();
        for (Group group : snapshots.current().groups()) {
            if (scope.sees(group.id())) {
                roles.put(group.id(), scope.roles().get(group.id()).wireName());
                capabilities.put(group.id(), scope.capabilities(group.id()).stream().map(Capability::wireName).toList());
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("login", scope.user().login());
        body.put("userId", scope.user().userId());
        body.put("isSuper", scope.superAdmin());
        body.put("groups", groups);
        body.put("roles", roles);
        body.put("capabilities", capabilities);
        body.put("canCreateGroups", scope.canCreateGroups());
        // in config-file sync mode the file manages its groups: writes to them and whole-list writes answer 409 (ConfigWrites)
        ConfigFileSync sync = configFile.getIfAvailable();
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("writable", sync == null || sync.configWritesAllowed());
        if (sync != null && !sync.configWritesAllowed()) {
            config.put("file", sync.fileName());
            config.put("fileGroups", sync.managedGroups().stream().filter(scope::sees).sorted().toList());
        }
        body.put("config", config);
        return body;
    }
}
