package dev.webhooker.store;

/** An optimistic write named a version that is no longer the stored one: someone else wrote first. */
public class StaleVersionException extends RuntimeException {

    private final int storedVersion;

    public StaleVersionException(String what, int expected, int storedVersion) {
        super(what + " is at version " + storedVersion + ", not " + expected + ": reload it and apply your change again",
                null, false, false);
        this.storedVersion = storedVersion;
    }

    public int storedVersion() {
        return storedVersion;
    }
}
