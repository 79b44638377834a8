package dev.webhooker.ingress;

/**
 * The database, KV store or payload store could not take the delivery. Nothing was accepted, so the
 * sender gets a 5xx and may retry.
 */
public class StorageUnavailableException extends RuntimeException {

    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
