package dev.webhooker.routing;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * The configuration's wire shapes, one record per JSON object people write (a group, a member, a forge source, a
 * route, a filter), bound by Jackson with no coercion: a string is a JSON string, a boolean a JSON boolean, a whole
 * number an integral JSON number, a list a JSON array. The few scalars the wire format takes in two forms say so on
 * their component (a platform id or a pattern written as a whole number, a {@code match} written as one pattern).
 * Two parts stay JSON here: a target, which its platform binds to its own record ({@link TargetJson#bind}) once the
 * {@code platform} field has picked it, and the filter tree, whose node kind is the key a node has ({@code all},
 * {@code any}, {@code not}, else a filter bound as {@link FilterJson}).
 * <p>
 * Every absent or {@code null} field binds to null; {@link ConfigJson} turns the records into the routing records and
 * applies the wire format's defaults and conversions there. A binding problem is a {@link FieldProblem} whose path is
 * the same dotted path as a validation problem's ({@code members[0].role}).
 */
final class ConfigWire {

    private static final ObjectMapper STRICT = mapper(true);
    private static final ObjectMapper LENIENT = mapper(false);

    private ConfigWire() {
    }

    record GroupJson(String id, String name, List<MemberJson> members, List<String> adminIds, List<String> owners,
                     List<String> providers, Long installationId, Boolean emoji, List<ForgeSourceJson> forgeSources,
                     String lang, JsonNode logTarget, Boolean requireReplayProtection, Boolean globalWebhook,
                     List<JsonNode> people) {
    }

    record MemberJson(String login, String role, @JsonDeserialize(using = UserId.class) String userId) {
    }

    record ForgeSourceJson(String host, String type, String name) {
    }

    record RouteJson(String id, String groupId, String name, Boolean enabled, List<FilterJson> filters, JsonNode ast,
                     List<JsonNode> targets, JsonNode target, Boolean stop, Boolean fallback,
                     @JsonDeserialize(contentUsing = TargetJson.PlatformId.class) List<String> discordRoleIds,
                     TemplateJson template) {
    }

    record TemplateJson(String title, String body, String footer) {
    }

    record FilterJson(String type, @JsonDeserialize(using = Patterns.class) List<String> match, Boolean exclude) {
    }

    private static ObjectMapper mapper(boolean strict) {
        return JsonMapper.builder()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, strict)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                // a null inside a list is a value of the wrong type, never an element
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
                .addModule(new SimpleModule("config-strings").addDeserializer(String.class, new StrictString()))
                .build();
    }

    /**
     * {@code node} (a JSON object, checked here) as a {@code type}; in strict mode a field {@code type} does not
     * declare is refused. A problem's path is {@code at} (the object's own path, empty for an entry) and the field's.
     */
    static <T extends Record> T bind(JsonNode node, Class<T> type, String at, boolean strict) {
        if (node == null || !node.isObject()) {
            throw new FieldProblem(at, "must be an object");
        }
        try {
            return (strict ? STRICT : LENIENT).treeToValue(node, type);
        } catch (JsonMappingException e) {
            throw refused(e, type, at);
        } catch (JsonProcessingException e) {
            throw new FieldProblem(at, e.getOriginalMessage());
        }
    }

    /** Jackson's refusal as the field's problem, in the words {@link ConfigJson} has always used. */
    static FieldProblem refused(JsonMappingException e, Class<?> root, String at) {
        String field = join(at, path(e.getPath()));
        if (e instanceof UnrecognizedPropertyException unknown) {
            Class<?> owner = unknown.getReferringClass();
            List<String> expected = owner != null && owner.isRecord()
                    ? Arrays.stream(owner.getRecordComponents()).map(RecordComponent::getName).sorted().toList()
                    : unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
            return new FieldProblem(field, "unknown field (expected one of " + String.join(", ", expected) + ")");
        }
        if (e instanceof WireMismatch mismatch) {
            return new FieldProblem(field, mismatch.getOriginalMessage());
        }
        List<JsonMappingException.Reference> steps = e.getPath();
        RecordComponent component = steps.isEmpty() ? null : componentAt(root, steps);
        if (component != null && component.isAnnotationPresent(TargetJson.Refused.class)) {
            return new FieldProblem(field, component.getAnnotation(TargetJson.Refused.class).value());
        }
        Type expected = typeAt(root, steps);
        return new FieldProblem(field, expected == null ? e.getOriginalMessage() : expectation(expected));
    }

    /** The record component {@code path} ends at, when its last step is one. */
    private static RecordComponent componentAt(Class<?> root, List<JsonMappingException.Reference> path) {
        JsonMappingException.Reference last = path.get(path.size() - 1);
        Class<?> owner = raw(typeAt(root, path.subList(0, path.size() - 1)));
        if (last.getFieldName() == null || owner == null || !owner.isRecord()) {
            return null;
        }
        return Arrays.stream(owner.getRecordComponents()).filter(c -> c.getName().equals(last.getFieldName())).findFirst().orElse(null);
    }

    /** What a value of {@code type} must be, as a refusal says it. */
    private static String expectation(Type type) {
        Class<?> raw = raw(type);
        if (raw == String.class) {
            return "must be a string";
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return "must be true or false";
        }
        if (raw == Long.class || raw == Integer.class) {
            return "must be a whole number or null";
        }
        if (raw != null && Collection.class.isAssignableFrom(raw)) {
            return "must be a list";
        }
        return "must be an object";
    }

    /** The declared type at {@code path} inside {@code root}: a record component's, or a list's element type. */
    private static Type typeAt(Class<?> root, List<JsonMappingException.Reference> path) {
        Type type = root;
        for (JsonMappingException.Reference step : path) {
            Class<?> raw = raw(type);
            if (raw == null) {
                return null;
            }
            if (step.getFieldName() != null && Map.class.isAssignableFrom(raw)) {
                type = type instanceof ParameterizedType map ? map.getActualTypeArguments()[1] : null;
            } else if (step.getFieldName() != null) {
                if (!raw.isRecord()) {
                    return null;
                }
                type = Arrays.stream(raw.getRecordComponents()).filter(c -> c.getName().equals(step.getFieldName()))
                        .findFirst().map(RecordComponent::getGenericType).orElse(null);
            } else if (type instanceof ParameterizedType list && Collection.class.isAssignableFrom(raw)) {
                type = list.getActualTypeArguments()[0];
            } else {
                return null;
            }
            if (type == null) {
                return null;
            }
        }
        return type;
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        return type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c ? c : null;
    }

    /** {@code members[0].login}: the dotted path of a configuration field. */
    static String path(List<JsonMappingException.Reference> at) {
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

    /** {@code at} followed by the relative {@code path}. */
    static String join(String at, String path) {
        if (at.isEmpty() || path.isEmpty() || path.startsWith("[")) {
            return at + path;
        }
        return at + "." + path;
    }

    /** A refusal whose words are the wire format's own rather than derived from the expected type. */
    static final class WireMismatch extends JsonMappingException {

        WireMismatch(JsonParser p, String message) {
            super(p, message);
        }
    }

    /** A string field takes only a JSON string, never a number or boolean turned into one (and keeps its blanks). */
    static final class StrictString extends StdScalarDeserializer<String> {

        StrictString() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (String) ctxt.handleUnexpectedToken(String.class, p);
            }
            return p.getText();
        }
    }

    /** A pinned member's GitHub user id: digits, written as a number or as text. */
    static final class UserId extends StdScalarDeserializer<String> {

        UserId() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.hasToken(JsonToken.VALUE_NUMBER_INT) && p.getBigIntegerValue().signum() > 0
                    && p.getBigIntegerValue().bitLength() < 64) {
                return p.getBigIntegerValue().toString();
            }
            if (p.hasToken(JsonToken.VALUE_STRING) && p.getText().matches("[1-9][0-9]{0,19}")) {
                return p.getText();
            }
            JsonNode given = p.readValueAsTree();
            throw new WireMismatch(p, "not a numeric GitHub user id: " + given);
        }
    }

    /** A filter's {@code match}: one pattern, or a list of them; a pattern may be written as a whole number. */
    static final class Patterns extends StdScalarDeserializer<List<String>> {

        private static final TargetJson.PlatformId PATTERN = new TargetJson.PlatformId();

        Patterns() {
            super(List.class);
        }

        @Override
        public List<String> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.isExpectedStartArrayToken()) {
                List<String> patterns = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    try {
                        patterns.add(PATTERN.deserialize(p, ctxt));
                    } catch (WireMismatch e) {
                        e.prependPath(patterns, patterns.size());
                        throw e;
                    }
                }
                return patterns;
            }
            if (p.hasToken(JsonToken.START_OBJECT)) {
                throw new WireMismatch(p, "must be a string or a list of strings");
            }
            return List.of(PATTERN.deserialize(p, ctxt));
        }
    }
}
