package dev.webhooker.signin;

import java.util.List;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.access.PersonalGroups;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.TenantLimitException;

/**
 * ALLOW_SELF_SIGNUP: a first sign-in without access gets the personal group
 * {@code u-{userId}} named {@code @login}, with the user as its owner pinned to their numeric id. Unlike the
 * original, the group is closed by default ({@code globalWebhook: false}): it receives events only through its
 * own {@code /webhook/u-{userId}} until a super admin gives it gates. An existing {@code u-{userId}} is never
 * recreated, also when its owner was removed from it; the instance's group limit applies, and so does
 * MAX_GROUPS_PER_USER (the groups the user owns). No one else may take the id {@code u-{userId}}
 * ({@link PersonalGroups}).
 */
final class SelfSignup {

    private static final Logger LOG = LoggerFactory.getLogger(SelfSignup.class);

    private final boolean enabled;
    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final AuditLog audit;
    private final BooleanSupplier configWritesAllowed;
    private final int groupsPerUser;

    SelfSignup(boolean enabled, ConfigRepository repository, ConfigSnapshots snapshots, AuditLog audit,
               BooleanSupplier configWritesAllowed, int groupsPerUser) {
        this.enabled = enabled;
        this.groupsPerUser = groupsPerUser;
        this.repository = repository;
        this.snapshots = snapshots;
        this.audit = audit;
        this.configWritesAllowed = configWritesAllowed;
    }

    boolean enabled() {
        return enabled;
    }

    /** MAX_GROUPS_PER_USER: how many groups a user who is not a super admin may own through their own sign-ups. */
    int groupsPerUser() {
        return groupsPerUser;
    }

    static String personalGroupId(SessionUser user) {
        return PersonalGroups.idOf(user);
    }

    /** Creates the personal group when it does not exist yet; returns whether it did. */
    boolean createPersonalGroup(SessionUser user, String ip) {
        if (!enabled) {
            return false;
        }
        String id = personalGroupId(user);
        if (snapshots.refresh().group(id).isPresent()) {
            return false;
        }
        if (!configWritesAllowed.getAsBoolean()) {
            LOG.warn("self-signup of @{} ({}) skipped: the config file is authoritative (sync mode); add group {} to the file",
                    user.login(), user.userId(), id);
            return false;
        }
        Group personal = new Group(id, "@" + user.login(), List.of(new Group.Member(user.login(), "owner", user.userId())),
                List.of(), List.of(), List.of(), null, true, List.of(), null, null, false, false);
        try {
            repository.createGroup(personal, () -> { }, user.userId(), groupsPerUser);
        } catch (InvalidConfigException | TenantLimitException e) {
            LOG.warn("self-signup of @{} ({}) refused: {}", user.login(), user.userId(), e.getMessage());
            return false;
        }
        snapshots.refresh();
        audit.record(AuditEntry.of("group.create").actor(user.userId(), user.login()).onGroup(id).detail("{\"auto\":true}").ip(ip));
        LOG.info("self-signup: created group {} for @{}", id, user.login());
        return true;
    }
}
