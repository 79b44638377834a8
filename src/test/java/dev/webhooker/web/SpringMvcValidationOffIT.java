package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.validation.Validator;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.method.annotation.HandlerMethodValidator;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

import dev.webhooker.testsupport.AppStores;

/**
 * Spring MVC gets no Bean Validation validator, so it builds no method validator (whose per-call group lookup cost
 * every webhook two annotation scans), while the application's own validator stays the Bean Validation one.
 */
@CamelSpringBootTest
@SpringBootTest
class SpringMvcValidationOffIT {

    @Autowired
    RequestMappingHandlerAdapter handlerAdapter;

    @Autowired
    Validator beanValidation;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "mvc-validation-off");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @Test
    void springMvcBuildsNoMethodValidatorAndTheApplicationKeepsBeanValidation() {
        ConfigurableWebBindingInitializer binding = (ConfigurableWebBindingInitializer) handlerAdapter.getWebBindingInitializer();
        assertThat(binding.getValidator()).isSameAs(SpringMvcValidationOff.NONE);
        assertThat(HandlerMethodValidator.from(binding, null, parameter -> false, parameter -> false)).isNull();
        record Named(@jakarta.validation.constraints.NotNull String name) {
        }
        assertThat(beanValidation.validate(new Named(null))).hasSize(1);
    }
}
