package dev.webhooker.ingress;

import java.util.Optional;

/** What the per-group endpoint needs to know about a tenant before it may accept anything for it. */
interface GroupDirectory {

    /**
     * Empty when the group does not exist or has no ingress secret; callers answer both with the same
     * 404, so group ids cannot be enumerated.
     */
    Optional<GroupCredentials> credentials(String groupId);

    /**
     * The secret a rotation replaced, while its overlap lasts. Asked only after the current secret failed, so
     * a correctly signed delivery costs one storage read.
     */
    Optional<String> previousSecret(String groupId);

    record GroupCredentials(String secret, boolean requireReplayProtection) {
    }
}
