package dev.webhooker.ingress;

import java.util.Optional;

/** What the per-group endpoint needs to know about a tenant before it may accept anything for it. */
public interface GroupDirectory {

    /**
     * Empty when the group does not exist or has no ingress secret; callers answer both with the same
     * 404, so group ids cannot be enumerated.
     */
    Optional<GroupCredentials> credentials(String groupId);

    /** {@code previousSecret}: the one a rotation replaced, still accepted during its overlap (else null). */
    record GroupCredentials(String secret, String previousSecret, boolean requireReplayProtection) {
    }
}
