package dev.webhooker.routing;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One target's JSON object as its {@link TargetPlatform} reads or writes it, with {@link ConfigJson}'s rules: the
 * platform binds the fields to its own wire record ({@link #bind}), a shape problem names the field's path, a platform
 * id may be written as a whole number (YAML reads {@code chatId: -100123} as one), and a credential is opened when read
 * sealed ({@link #opened}) and sealed when written (never written in clear).
 */
public final class TargetJson {

    private final ObjectNode node;
    private final String path;
    private final SecretSeal seal;

    TargetJson(ObjectNode node, String path, SecretSeal seal) {
        this.node = node;
        this.path = path;
        this.seal = seal;
    }

    // ---------------------------------------------------------------- reading

    public boolean has(String key) {
        return ConfigJson.present(node.get(key));
    }

    /**
     * The target's fields bound to {@code type}, a platform's record of its wire shape: the same rules and words as the
     * rest of the configuration (no coercion; a platform id may be written as a whole number where its component says
     * {@code @JsonDeserialize(using = TargetJson.PlatformId.class)}); a refusal names the field's path. Fields the
     * record does not declare are left to {@link TargetPlatform#fields()}, which refuses them in what people write.
     */
    public <R extends Record> R bind(Class<R> type) {
        return ConfigWire.bind(node, type, path, false);
    }

    /**
     * A credential bound from {@code field} (its path inside the target), in clear: opened when this service showed it
     * sealed; one this instance cannot open is refused naming the field.
     */
    public String opened(String value, String field) {
        if (value == null || seal == null || !seal.isSealed(value)) {
            return value;
        }
        try {
            return seal.open(value);
        } catch (RuntimeException e) {
            throw new FieldProblem(at(field), "a sealed secret this instance cannot open: " + e.getMessage());
        }
    }

    /** Each credential of the list bound from {@code field}, in clear. */
    public List<String> opened(List<String> values, String field) {
        List<String> opened = new ArrayList<>();
        for (int i = 0; values != null && i < values.size(); i++) {
            opened.add(opened(values.get(i), field + "[" + i + "]"));
        }
        return opened;
    }

    /** Each credential of the object bound from {@code field} (header values), in clear, in written order. */
    public Map<String, String> opened(Map<String, String> values, String field) {
        Map<String, String> opened = new LinkedHashMap<>();
        if (values != null) {
            values.forEach((name, value) -> opened.put(name, opened(value, field + "." + name)));
        }
        return opened;
    }

    /** A credential to be written inside a field's value, sealed. {@code what} names it if there is no seal. */
    public String sealedPart(String value, String what) {
        return sealed(value, what);
    }

    /**
     * What a wrong type of the record component it marks is told, instead of the words derived from the component's
     * type ({@code must be a whole number of seconds} rather than {@code must be a whole number or null}).
     */
    @Retention(RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
    public @interface Refused {
        String value();
    }

    /** The fields of a platform's wire record, for its {@link TargetPlatform#fields()}. */
    public static Set<String> fieldsOf(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).collect(Collectors.toUnmodifiableSet());
    }

    /** A blank optional id (a thread or topic left empty) is none. */
    public static String orNull(String id) {
        return id == null || id.isBlank() ? null : id;
    }

    /** A shape problem of {@code field} (empty: the target itself), for the reader to throw. */
    public RuntimeException problem(String field, String message) {
        return new FieldProblem(field.isEmpty() ? path : at(field), message);
    }

    private String at(String key) {
        return path + "." + key;
    }

    /**
     * A platform id: a string, or a whole number taken as its digits, because YAML reads {@code chatId: -100123} as a
     * number; anything else is refused as not a string.
     */
    public static final class PlatformId extends StdScalarDeserializer<String> {

        public PlatformId() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.hasToken(JsonToken.VALUE_STRING)) {
                return p.getText();
            }
            if (p.hasToken(JsonToken.VALUE_NUMBER_INT)) {
                return p.getBigIntegerValue().toString();
            }
            throw new ConfigWire.WireMismatch(p, "must be a string");
        }
    }

    // ---------------------------------------------------------------- writing

    public void put(String key, String value) {
        node.put(key, value);
    }

    public void put(String key, int value) {
        node.put(key, value);
    }

    public void put(String key, boolean value) {
        node.put(key, value);
    }

    /** Writes {@code value} unless it is null. */
    public void putPresent(String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    /** A credential: stored and shown only sealed. {@code what} names it if there is no seal to write it with. */
    public void putSealed(String key, String value, String what) {
        node.put(key, sealed(value, what));
    }

    /** A list of credentials, each sealed. */
    public void putSealed(String key, List<String> values, String what) {
        ArrayNode list = node.putArray(key);
        values.forEach(value -> list.add(sealed(value, what)));
    }

    /** An object of credential values (header values), each sealed. */
    public void putSealed(String key, Map<String, String> values, String what) {
        ObjectNode object = node.putObject(key);
        values.forEach((name, value) -> object.put(name, sealed(value, what)));
    }

    private String sealed(String value, String what) {
        if (value == null) {
            return null;
        }
        if (seal == null) {
            throw new IllegalStateException(what + " can only be written sealed, and this mapper has no seal");
        }
        return seal.seal(value);
    }
}
