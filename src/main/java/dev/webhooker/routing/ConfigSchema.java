package dev.webhooker.routing;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema (draft 2020-12) of the configuration file, for editors to check and complete it. It is made from
 * what reads the file, so that it cannot drift from it: the shape from the wire records that bind a group, a member,
 * a forge source, a route and a filter, and from each registered platform's target record; the constraints from the
 * Bean Validation annotations on the routing records of the same names (required, lengths, patterns, the values a
 * field takes, list sizes). What only code checks (a target's required fields per platform, ids across groups) is
 * left to the validator, whose errors name the field.
 */
public final class ConfigSchema {

    /** What the schema calls itself (a name, not an address: it is served at {@code /schema/webhooker-config.json}). */
    public static final String ID = "urn:webhooker:config";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Required by the reader rather than by an annotation: a route is never enabled or disabled by default. */
    private static final Map<Class<?>, Set<String>> READER_REQUIRES = Map.of(ConfigWire.RouteJson.class, Set.of("enabled"));
    /** Required in the routing record, but with another spelling in the file: a route's single {@code target}. */
    private static final Set<String> SPELLED_TWO_WAYS = Set.of("targets");

    private ConfigSchema() {
    }

    /** The schema document. */
    public static ObjectNode document() {
        ObjectNode schema = JSON.objectNode();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("$id", ID);
        schema.put("title", "webhooker configuration");
        schema.put("description", "Groups and routes of webhooker: the file WEBHOOKER_CONFIG names, and the admin API's YAML import.");
        schema.put("type", "object");
        schema.put("additionalProperties", false);
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("groups").put("type", "array").putObject("items").put("$ref", "#/$defs/group");
        properties.putObject("routes").put("type", "array").putObject("items").put("$ref", "#/$defs/route");
        ObjectNode defs = schema.putObject("$defs");
        defs.set("group", object(ConfigWire.GroupJson.class, Group.class));
        defs.set("member", object(ConfigWire.MemberJson.class, Group.Member.class));
        defs.set("forgeSource", object(ConfigWire.ForgeSourceJson.class, Group.ForgeSource.class));
        defs.set("route", object(ConfigWire.RouteJson.class, Route.class));
        defs.set("filter", object(ConfigWire.FilterJson.class, Filter.class));
        defs.set("filterTree", JSON.objectNode().put("type", "object")
                .put("description", "A filter tree: {all: [...]}, {any: [...]}, {not: node}, or a filter."));
        defs.set("person", person());
        defs.set("target", target());
        for (TargetPlatform platform : TargetPlatforms.all()) {
            ObjectNode shape = object(platform.wireShape(), null);
            ((ObjectNode) shape.get("properties")).putObject("platform").put("const", platform.name());
            defs.set("target-" + platform.name(), shape);
        }
        return schema;
    }

    /** A person: a GitHub login and an account on each platform that mentions people, by the platform's name. */
    private static ObjectNode person() {
        ObjectNode person = object(PersonLogin.class, Group.Person.class);
        ObjectNode properties = (ObjectNode) person.get("properties");
        for (TargetPlatform platform : TargetPlatforms.all()) {
            if (platform.mentionsPeople()) {
                properties.set(platform.name(), scalarOrNumber());
            }
        }
        return person;
    }

    /** The part of a person every platform shares; the accounts are added by platform. */
    private record PersonLogin(String github) {
    }

    /** A target: the platform's own record, picked by {@code platform} (the implied platform's when it names none). */
    private static ObjectNode target() {
        ObjectNode target = JSON.objectNode().put("type", "object");
        ArrayNode names = target.putObject("properties").putObject("platform").putArray("enum");
        ArrayNode cases = target.putArray("allOf");
        for (TargetPlatform platform : TargetPlatforms.all()) {
            names.add(platform.name());
            ObjectNode when = cases.addObject();
            ObjectNode condition = when.putObject("if");
            condition.putObject("properties").putObject("platform").put("const", platform.name());
            condition.putArray("required").add("platform");
            when.putObject("then").put("$ref", "#/$defs/target-" + platform.name());
            if (platform.impliedWhenUnnamed()) {
                ObjectNode unnamed = cases.addObject();
                unnamed.putObject("if").putObject("not").putArray("required").add("platform");
                unnamed.putObject("then").put("$ref", "#/$defs/target-" + platform.name());
            }
        }
        return target;
    }

    /**
     * {@code wire}'s components as properties, none other allowed; constrained by the annotations on the components of
     * {@code rules} (null: none) with the same names.
     */
    private static ObjectNode object(Class<? extends Record> wire, Class<? extends Record> rules) {
        ObjectNode object = JSON.objectNode().put("type", "object").put("additionalProperties", false);
        ObjectNode properties = object.putObject("properties");
        Set<String> required = new LinkedHashSet<>();
        for (RecordComponent component : wire.getRecordComponents()) {
            Optional<RecordComponent> ruled = rules == null ? Optional.empty()
                    : Arrays.stream(rules.getRecordComponents()).filter(c -> c.getName().equals(component.getName())).findFirst();
            ObjectNode property = property(component);
            List<Annotation> constraints = ruled.map(c -> constraints(declared(rules, c))).orElse(List.of());
            constrain(property, constraints);
            ruled.map(c -> elementConstraints(c.getAnnotatedType())).ifPresent(element -> {
                if (property.has("items") && !element.isEmpty()) {
                    constrain((ObjectNode) property.get("items"), element);
                }
            });
            if (READER_REQUIRES.getOrDefault(wire, Set.of()).contains(component.getName())
                    || !SPELLED_TWO_WAYS.contains(component.getName()) && constraints.stream().anyMatch(ConfigSchema::requires)) {
                required.add(component.getName());
            }
            properties.set(component.getName(), property);
        }
        if (!required.isEmpty()) {
            ArrayNode list = object.putArray("required");
            required.forEach(list::add);
        }
        return object;
    }

    /** The schema of one component's value, by its declared type and the deserializer that reads it. */
    private static ObjectNode property(RecordComponent component) {
        JsonDeserialize reader = declared(component.getDeclaringRecord(), component).stream()
                .filter(JsonDeserialize.class::isInstance).map(JsonDeserialize.class::cast).findFirst().orElse(null);
        if (reader != null && reader.using() == ConfigWire.Patterns.class) {
            ObjectNode one = JSON.objectNode();
            ArrayNode either = one.putArray("oneOf");
            either.add(scalarOrNumber());
            either.addObject().put("type", "array").set("items", scalarOrNumber());
            return one;
        }
        if (reader != null && reader.using() != JsonDeserializer.None.class) {
            // ids written as numbers (a platform id, a user id) are read as their digits
            return scalarOrNumber();
        }
        ObjectNode property = typed(component.getName(), component.getGenericType());
        if (reader != null && reader.contentUsing() != JsonDeserializer.None.class && property.has("items")) {
            property.set("items", scalarOrNumber());
        }
        return property;
    }

    private static ObjectNode typed(String name, Type type) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (raw == String.class) {
            return JSON.objectNode().put("type", "string");
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return JSON.objectNode().put("type", "boolean");
        }
        if (raw == Long.class || raw == Integer.class || raw == long.class || raw == int.class) {
            return JSON.objectNode().put("type", "integer");
        }
        if (Collection.class.isAssignableFrom(raw) && type instanceof ParameterizedType list) {
            ObjectNode array = JSON.objectNode().put("type", "array");
            array.set("items", typed(name, list.getActualTypeArguments()[0]));
            return array;
        }
        if (Map.class.isAssignableFrom(raw)) {
            ObjectNode map = JSON.objectNode().put("type", "object");
            map.putObject("additionalProperties").put("type", "string");
            return map;
        }
        if (raw == ConfigWire.MemberJson.class) {
            return ref("member");
        }
        if (raw == ConfigWire.ForgeSourceJson.class) {
            return ref("forgeSource");
        }
        if (raw == ConfigWire.FilterJson.class) {
            return ref("filter");
        }
        if (raw == JsonNode.class) {
            // the parts the wire records leave as JSON: a target (bound by its platform) and the filter tree
            return switch (name) {
                case "targets", "target", "logTarget" -> ref("target");
                case "people" -> ref("person");
                case "ast" -> ref("filterTree");
                default -> JSON.objectNode();
            };
        }
        return JSON.objectNode();
    }

    private static ObjectNode ref(String name) {
        return JSON.objectNode().put("$ref", "#/$defs/" + name);
    }

    private static ObjectNode scalarOrNumber() {
        ObjectNode node = JSON.objectNode();
        node.putArray("type").add("string").add("integer");
        return node;
    }

    /** The constraints a component's type argument carries ({@code List<@NotBlank String>}). */
    private static List<Annotation> elementConstraints(AnnotatedType type) {
        if (type instanceof AnnotatedParameterizedType list && list.getAnnotatedActualTypeArguments().length == 1) {
            return constraints(Arrays.asList(list.getAnnotatedActualTypeArguments()[0].getAnnotations()));
        }
        return List.of();
    }

    /**
     * The annotations written on a record component, wherever Java keeps them: on the component (those that may target
     * one), on its field ({@code @JsonDeserialize}) and on its type ({@code @NotBlank} and the other type-use ones).
     */
    private static List<Annotation> declared(Class<?> record, RecordComponent component) {
        Set<Annotation> all = new LinkedHashSet<>(Arrays.asList(component.getAnnotations()));
        all.addAll(Arrays.asList(component.getAnnotatedType().getAnnotations()));
        try {
            all.addAll(Arrays.asList(record.getDeclaredField(component.getName()).getAnnotations()));
        } catch (NoSuchFieldException e) {
            // every record component has its field
        }
        return List.copyOf(all);
    }

    /** {@code annotations} and, for a composed constraint ({@code @EntryId}), the constraints it is made of. */
    private static List<Annotation> constraints(List<Annotation> annotations) {
        List<Annotation> all = new ArrayList<>();
        Set<Class<?>> seen = new HashSet<>();
        for (Annotation annotation : annotations) {
            collect(annotation, all, seen);
        }
        return all;
    }

    private static void collect(Annotation annotation, List<Annotation> into, Set<Class<?>> seen) {
        Class<? extends Annotation> type = annotation.annotationType();
        if (!type.isAnnotationPresent(jakarta.validation.Constraint.class) || !seen.add(type)) {
            return;
        }
        into.add(annotation);
        for (Annotation part : type.getAnnotations()) {
            collect(part, into, seen);
        }
    }

    private static boolean requires(Annotation constraint) {
        return constraint instanceof NotNull || constraint instanceof NotEmpty || constraint instanceof NotBlank
                || constraint instanceof ConfigConstraints.Matches m && m.required()
                || constraint instanceof ConfigConstraints.OneOf o && o.required();
    }

    /** The JSON Schema keywords of {@code constraints} that fit the value's type. */
    private static void constrain(ObjectNode property, List<Annotation> constraints) {
        String type = property.path("type").asText("");
        for (Annotation constraint : constraints) {
            if (constraint instanceof Size size && size.max() < Integer.MAX_VALUE && "string".equals(type)) {
                property.put("maxLength", size.max());
            } else if ((constraint instanceof NotBlank || constraint instanceof NotEmpty) && "string".equals(type)) {
                property.put("minLength", 1);
            } else if (constraint instanceof NotEmpty && "array".equals(type)) {
                property.put("minItems", 1);
            } else if (constraint instanceof ConfigConstraints.MaxItems max && "array".equals(type)) {
                property.put("maxItems", max.value());
            } else if (constraint instanceof ConfigConstraints.Matches matches && "string".equals(type)) {
                // JSON Schema patterns are ECMA-262: Java's end of input (\z) is $ there (no multi-line flag is set)
                property.put("pattern", "^(?:" + matches.regexp().replace("\\z", "$") + ")$");
            } else if (constraint instanceof ConfigConstraints.OneOf oneOf && "string".equals(type)) {
                ArrayNode values = property.putArray("enum");
                Arrays.stream(oneOf.value()).forEach(values::add);
            } else if (constraint instanceof Positive && "integer".equals(type)) {
                property.put("minimum", 1);
            }
        }
    }
}
