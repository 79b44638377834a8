package dev.webhooker.health;

/** One dependency that /health checks. A probe answers quickly and throws when its dependency is down. */
public interface HealthProbe {

    /** The name shown under {@code checks} in the /health body, e.g. {@code database}. */
    String name();

    void check() throws Exception;
}
