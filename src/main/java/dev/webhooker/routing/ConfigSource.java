package dev.webhooker.routing;

/** Where the configuration is kept (the SQL tables), as {@link ConfigSnapshots} needs it. */
public interface ConfigSource {

    /**
     * Groups and routes in saved order, all from one committed state; {@link ConfigSnapshot#version()} is
     * the store's {@link #revision()} at which they were read.
     */
    ConfigSnapshot load();

    /** A number that changes with every committed write of groups or routes (on any instance). */
    long revision();
}
