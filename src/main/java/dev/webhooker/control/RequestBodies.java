package dev.webhooker.control;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.springframework.stereotype.Component;

/**
 * The admin API's small request bodies (a few named fields, not a config entity), bound to one record per endpoint
 * and checked by the Bean Validation constraints on its components. Binding is strict so that a typo ({@code rol}
 * for {@code role}) or a wrong type is never silently ignored or coerced: the body must be a JSON object, every
 * field one of the record's, a string a JSON string (trimmed), a whole number an integral JSON number. Each refusal
 * is a 400 naming the field ({@link AdminApiException#badFields}); the error is the body's, or the field's own
 * ({@link RefusedAs}). An absent or {@code null} body reads as an empty object.
 * <p>
 * Controllers read the body here rather than through {@code @RequestBody @Valid}: the caller's access is checked
 * first, so a caller without the right learns nothing about a body's rules, and the API's other bodies keep
 * Spring's lenient mapper.
 */
@Component
class RequestBodies {

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .addModule(new SimpleModule("strict-strings").addDeserializer(String.class, new TrimmedString()))
            .build();

    private final Validator validator;

    RequestBodies(Validator validator) {
        this.validator = validator;
    }

    /** {@code body} (null when the request had none) as a {@code type}, or a 400 with {@code error} saying what is wrong where. */
    <T extends Record> T read(JsonNode body, Class<T> type, String error) {
        JsonNode node = body == null || body.isNull() || body.isMissingNode() ? JsonNodeFactory.instance.objectNode() : body;
        if (!node.isObject()) {
            throw AdminApiException.badRequest(error, "the body must be a JSON object");
        }
        T value;
        try {
            value = STRICT.treeToValue(node, type);
        } catch (JsonMappingException e) {
            throw refused(e, node, type, error);
        } catch (JsonProcessingException e) {
            throw AdminApiException.badRequest(error, e.getOriginalMessage());
        }
        List<ConstraintViolation<T>> violations = new ArrayList<>(validator.validate(value));
        if (violations.isEmpty()) {
            return value;
        }
        List<String> order = names(type);
        violations.sort(Comparator.<ConstraintViolation<T>>comparingInt(v -> order.indexOf(topName(v.getPropertyPath())))
                .thenComparing(v -> path(v.getPropertyPath())).thenComparing(ConstraintViolation::getMessage));
        List<FieldProblem> problems = violations.stream().map(v -> FieldProblem.of(listField(path(v.getPropertyPath())), v.getMessage()))
                .distinct().toList();
        throw AdminApiException.badFields(errorOf(type, topName(violations.get(0).getPropertyPath()), error), problems);
    }

    private static AdminApiException refused(JsonMappingException e, JsonNode body, Class<?> type, String error) {
        List<JsonMappingException.Reference> at = e.getPath();
        String field = path(at);
        String top = at.isEmpty() ? null : at.get(0).getFieldName();
        if (e instanceof UnrecognizedPropertyException unknown) {
            Class<?> owner = unknown.getReferringClass();
            List<String> expected = owner != null && owner.isRecord() ? names(owner) : unknown.getKnownPropertyIds().stream().map(String::valueOf).toList();
            return AdminApiException.badField(errorOf(type, top, error), field,
                    "unknown field (expected one of " + String.join(", ", expected) + ")");
        }
        if (field.isEmpty()) {
            return AdminApiException.badRequest(error, e.getOriginalMessage());
        }
        JsonNode given = locate(body, at);
        String problem;
        if (e.getCause() instanceof InputCoercionException) {
            problem = "out of range";
        } else if (e instanceof MismatchedInputException mismatch && given != null) {
            problem = "expected " + expected(mismatch.getTargetType()) + ", got " + kind(given);
        } else {
            problem = e.getOriginalMessage();
        }
        String named = listField(field);
        return AdminApiException.badField(errorOf(type, top, error), named, named.equals(field) ? problem : problem + " at " + field);
    }

    /** The record's fields in their declared order. */
    private static List<String> names(Class<?> record) {
        return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    /** The error of a refusal of {@code field} (a component of {@code type}): its own, or the body's. */
    private static String errorOf(Class<?> type, String field, String error) {
        return Arrays.stream(type.getRecordComponents()).filter(c -> c.getName().equals(field)).findFirst()
                .map(c -> c.getAnnotation(RefusedAs.class)).map(RefusedAs::value).orElse(error);
    }

    private static String expected(Class<?> target) {
        if (target == null) {
            return "another type";
        }
        if (target == String.class) {
            return "a string";
        }
        if (target == Long.class || target == long.class || target == Integer.class || target == int.class) {
            return "a whole number";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "true or false";
        }
        if (target.isArray() || Collection.class.isAssignableFrom(target)) {
            return "an array";
        }
        return "an object";
    }

    /** What a JSON value is, in the words of an error: {@code number}, {@code decimal number}, {@code string}, … */
    private static String kind(JsonNode value) {
        if (value.isFloatingPointNumber()) {
            return "decimal number";
        }
        return value.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static JsonNode locate(JsonNode body, List<JsonMappingException.Reference> at) {
        JsonNode node = body;
        for (JsonMappingException.Reference step : at) {
            node = step.getFieldName() != null ? node.get(step.getFieldName()) : node.get(step.getIndex());
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /** {@code scopes[1]}, {@code target.name}: the same dotted path as a configuration's field. */
    private static String path(List<JsonMappingException.Reference> at) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference step : at) {
            if (step.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                path.append('[').append(step.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String path(Path at) {
        StringBuilder path = new StringBuilder();
        for (Path.Node node : at) {
            if (node.getKind() == ElementKind.CONTAINER_ELEMENT) {
                if (node.getIndex() != null) {
                    path.append('[').append(node.getIndex()).append(']');
                } else if (node.getKey() != null) {
                    path.append('[').append(node.getKey()).append(']');
                }
                continue;
            }
            if (node.isInIterable() && node.getIndex() != null) {
                path.append('[').append(node.getIndex()).append(']');
            }
            if (node.getName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return path.toString();
    }

    /**
     * The field a form shows for {@code path}: a list of words is one control, so a problem with one of its elements
     * ({@code scopes[1]}) is the list's ({@code scopes}); an element's own field ({@code items[0].name}) stays.
     */
    private static String listField(String path) {
        return path.replaceFirst("(\\[\\d+])+$", "");
    }

    private static String topName(Path at) {
        for (Path.Node node : at) {
            return node.getName();
        }
        return "";
    }

    /** A string field takes only a JSON string, never a number or boolean turned into one; surrounding blanks are dropped. */
    private static final class TrimmedString extends StdScalarDeserializer<String> {

        TrimmedString() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (String) ctxt.handleUnexpectedToken(String.class, p);
            }
            return p.getText().trim();
        }
    }
}
