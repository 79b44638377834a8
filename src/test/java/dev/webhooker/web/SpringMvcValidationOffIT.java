package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import jakarta.validation.Constraint;
import jakarta.validation.Valid;
import jakarta.validation.Validator;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.method.annotation.HandlerMethodValidator;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import dev.webhooker.testsupport.AppStores;

/**
 * Spring MVC gets no Bean Validation validator, so it builds no method validator (whose per-call group lookup cost
 * every webhook two annotation scans), while the application's own validator stays the Bean Validation one; and no
 * handler relies on Spring MVC's validation, which would now pass anything.
 */
@CamelSpringBootTest
@SpringBootTest
class SpringMvcValidationOffIT {

    @Autowired
    RequestMappingHandlerAdapter handlerAdapter;

    @Autowired
    Validator beanValidation;

    @Autowired
    List<RequestMappingHandlerMapping> handlerMappings; // the controllers', and platform-http's

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "mvc-validation-off");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @Test
    void springMvcBuildsNoMethodValidatorAndTheApplicationKeepsBeanValidation() {
        var binding = (ConfigurableWebBindingInitializer) handlerAdapter.getWebBindingInitializer();
        assertThat(binding.getValidator()).isSameAs(SpringMvcValidationOff.NONE);
        assertThat(HandlerMethodValidator.from(binding, null, parameter -> false, parameter -> false)).isNull();
        record Named(@jakarta.validation.constraints.NotNull String name) {
        }
        assertThat(beanValidation.validate(new Named(null))).hasSize(1);
    }

    /** With Spring MVC's validation off, a @Valid or a constraint on a handler would be ignored without a word. */
    @Test
    void noHandlerAsksSpringMvcToValidate() {
        assertThat(handlerMappings.stream().flatMap(mapping -> mapping.getHandlerMethods().values().stream()))
                .isNotEmpty().allSatisfy(handler -> {
            assertThat(AnnotatedElementUtils.hasAnnotation(handler.getMethod(), Validated.class)
                    || AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), Validated.class))
                    .as("%s is @Validated", handler).isFalse();
            for (MethodParameter parameter : handler.getMethodParameters()) {
                assertThat(parameter.hasParameterAnnotation(Valid.class)
                        || parameter.hasParameterAnnotation(Validated.class)
                        || Arrays.stream(parameter.getParameterAnnotations())
                                .anyMatch(a -> a.annotationType().isAnnotationPresent(Constraint.class)))
                        .as("parameter %d of %s asks for validation (check it with RequestBodies)",
                                parameter.getParameterIndex(), handler)
                        .isFalse();
            }
        });
    }
}
