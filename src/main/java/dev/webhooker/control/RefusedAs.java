package dev.webhooker.control;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error a refusal of this request-body field carries, where it is more telling than the body's own
 * ({@code "Note too long"} rather than {@code "Invalid invite"}); see {@link RequestBodies}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@interface RefusedAs {

    String value();
}
