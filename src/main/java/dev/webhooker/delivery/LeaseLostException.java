package dev.webhooker.delivery;

/**
 * Another worker holds the delivery now (this one's lease ran out before the sends): the route leaves it to them
 * (routes/delivery.camel.yaml, {@code delivery-errors}).
 */
public final class LeaseLostException extends RuntimeException {

    LeaseLostException() {
        super("lease lost", null, false, false);
    }
}
