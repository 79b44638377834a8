package dev.webhooker.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Spring MVC validates nothing here: the admin API checks its bodies itself, after the caller's access check
 * ({@code control.RequestBodies} with the Bean Validation validator), and no handler method carries a constraint.
 * <p>
 * Left with the Bean Validation validator, Spring MVC 6.2 would look up each handler method's validation groups
 * (annotation scans of the method and its class hierarchy) on every call, whether it validates or not: twice per
 * webhook, for the platform-http handler and for its asynchronous answer. In the embedded ingest benchmark that was
 * about 5 % of the CPU samples. A validator that supports no type turns that off (Spring then builds no method
 * validator) and leaves the application's own Bean Validation validator as it is.
 */
@Configuration(proxyBeanMethods = false)
class SpringMvcValidationOff implements WebMvcConfigurer {

    @Override
    public Validator getValidator() {
        return NONE;
    }

    static final Validator NONE = new Validator() {

        @Override
        public boolean supports(Class<?> type) {
            return false;
        }

        @Override
        public void validate(Object target, Errors errors) {
            // supports no type, so Spring never asks
        }
    };
}
