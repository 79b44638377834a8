package dev.webhooker.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.validation.Constraint;
import jakarta.validation.Valid;
import jakarta.validation.Validator;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.AbstractApplicationEventMulticaster;
import org.springframework.context.event.ApplicationEventMulticaster;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.context.support.ServletRequestHandledEvent;
import org.springframework.web.method.annotation.HandlerMethodValidator;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import dev.webhooker.testsupport.AppStores;

/**
 * Spring MVC does no work per request that webhooker has no use for. It gets no Bean Validation validator, so it builds
 * no method validator (whose per-call group lookup cost every webhook two annotation scans), while the application's
 * own validator stays the Bean Validation one, and no handler relies on Spring MVC's validation, which would now pass
 * anything. It publishes no ServletRequestHandledEvent after each dispatch, and nothing listens for one.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SpringMvcPerRequestWorkIT {

    @Autowired
    RequestMappingHandlerAdapter handlerAdapter;

    @Autowired
    Validator beanValidation;

    @Autowired
    List<RequestMappingHandlerMapping> handlerMappings; // the controllers', and platform-http's

    @LocalServerPort
    int port;

    @Autowired
    ConfigurableApplicationContext context;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "mvc-per-request-work");
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

    /** Turned back on, the events would reach no one who wants them: a listener added for them has to turn them on. */
    @Test
    void noRequestHandledEventIsPublishedAndNoneIsListenedFor() throws Exception {
        var multicaster = (AbstractApplicationEventMulticaster) context.getBean(
                AbstractApplicationContext.APPLICATION_EVENT_MULTICASTER_BEAN_NAME, ApplicationEventMulticaster.class);
        Method listenersOf = AbstractApplicationEventMulticaster.class.getDeclaredMethod("getApplicationListeners",
                ApplicationEvent.class, ResolvableType.class);
        listenersOf.setAccessible(true);
        var handled = new ServletRequestHandledEvent(this, "/", "127.0.0.1", "GET", "dispatcherServlet", null, null, 1);
        var anyEvent = new ApplicationEvent(this) {
        };
        // the Camel context and Spring Security's delegating listener take every event; none asks for this one
        List<Object> forHandled = List.copyOf((Collection<?>) listenersOf.invoke(multicaster, handled,
                ResolvableType.forInstance(handled)));
        List<Object> forAny = List.copyOf((Collection<?>) listenersOf.invoke(multicaster, anyEvent,
                ResolvableType.forInstance(anyEvent)));
        assertThat(forHandled).as("listeners for a ServletRequestHandledEvent")
                .containsExactlyInAnyOrderElementsOf(forAny);

        List<ServletRequestHandledEvent> published = new CopyOnWriteArrayList<>();
        ApplicationListener<ServletRequestHandledEvent> capture = published::add;
        multicaster.addApplicationListener(capture);
        try {
            HttpResponse<Void> answer = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/favicon.svg")).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertThat(answer.statusCode()).isEqualTo(200);
        } finally {
            multicaster.removeApplicationListener(capture);
        }
        assertThat(published).isEmpty();
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
