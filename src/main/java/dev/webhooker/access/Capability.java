package dev.webhooker.access;

import java.util.Locale;

/**
 * What a caller may do to one group (with its targets): the weakest role that may,
 * or none when only super admins may. Super admins may do everything everywhere.
 */
public enum Capability {
    /** See the group, its routes, send logs, deliveries, metrics and audit entries. */
    VIEW(Role.VIEWER),
    /** Replace, add, change, reorder or delete the group's routes. */
    EDIT_ROUTES(Role.ADMIN),
    /** Send the failed and dead targets of an ended delivery again (never a delivered one). */
    REPLAY_DELIVERIES(Role.ADMIN),
    /** Edit name, lang, emoji, forgeSources, providers, logTarget and members. */
    EDIT_GROUP(Role.OWNER),
    DELETE_GROUP(Role.OWNER),
    RENAME_GROUP(Role.OWNER),
    MANAGE_INVITES(Role.OWNER),
    MANAGE_WEBHOOK_SECRET(Role.OWNER),
    /** Bind a GitHub App installation the caller has proven to see (the install flow). */
    BIND_INSTALLATION(Role.OWNER),
    /**
     * Set the sender gates directly: {@code owners}, {@code installationId} without proof, and
     * {@code globalWebhook}. An owner who could would reach other tenants' events.
     */
    EDIT_GATES(null);

    private final Role minimum;

    Capability(Role minimum) {
        this.minimum = minimum;
    }

    /** The weakest role that has it; {@code null}: super admins only. */
    public Role minimum() {
        return minimum;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
