package dev.webhooker.ingress;

/**
 * The database, KV store or payload store could not take the delivery. Nothing was accepted, so the
 * sender gets a 5xx and may retry.
 */
class StorageUnavailableException extends RuntimeException {

    StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
