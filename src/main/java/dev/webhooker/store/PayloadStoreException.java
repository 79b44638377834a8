package dev.webhooker.store;

/** The payload store could not do what was asked (disk or S3 failure); the caller may retry later. */
class PayloadStoreException extends RuntimeException {

    public PayloadStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
