package dev.webhooker.store;

import dev.webhooker.health.HealthProbe;

/** A /health probe that runs one real operation against a store. */
final class StoreHealthProbe implements HealthProbe {

    @FunctionalInterface
    interface Check {
        void run() throws Exception;
    }

    private final String name;
    private final Check check;

    StoreHealthProbe(String name, Check check) {
        this.name = name;
        this.check = check;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void check() throws Exception {
        check.run();
    }
}
