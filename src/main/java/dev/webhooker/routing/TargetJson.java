package dev.webhooker.routing;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One target's JSON object as its {@link TargetPlatform} reads or writes it, with {@link ConfigJson}'s rules: a shape
 * problem names the field's path, a platform id may be written as a whole number (YAML reads {@code chatId: -100123}
 * as one), and a credential is opened when read sealed and sealed when written (never written in clear).
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

    /** A string field, or null when absent. */
    public String text(String key) {
        return ConfigJson.text(node, key, at(key));
    }

    /** A platform id: a string, or a whole number taken as its digits; null when absent. */
    public String id(String key) {
        JsonNode v = node.get(key);
        return ConfigJson.present(v) ? ConfigJson.scalar(v, at(key)) : null;
    }

    /** A platform id, or null when it is absent or blank (an optional thread or topic). */
    public String optionalId(String key) {
        String id = id(key);
        return id == null || id.isBlank() ? null : id;
    }

    /** A credential field (a URL that is one, a signing secret), in clear: opened when this service showed it sealed. */
    public String secret(String key) {
        return opened(text(key), at(key));
    }

    /** A list of credentials, each in clear. */
    public List<String> secrets(String key) {
        List<String> listed = ConfigJson.strings(node.get(key), at(key), false);
        List<String> opened = new ArrayList<>();
        for (int i = 0; i < listed.size(); i++) {
            opened.add(opened(listed.get(i), at(key) + "[" + i + "]"));
        }
        return opened;
    }

    /** An object of string values that are credentials (header values), each in clear, in written order. */
    public Map<String, String> secretValues(String key) {
        Map<String, String> values = new LinkedHashMap<>();
        JsonNode v = node.get(key);
        if (!ConfigJson.present(v)) {
            return values;
        }
        if (!(v instanceof ObjectNode o)) {
            throw problem(key, "must be an object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw problem(key + "." + e.getKey(), "must be a string");
            }
            values.put(e.getKey(), opened(e.getValue().textValue(), at(key) + "." + e.getKey()));
        }
        return values;
    }

    /** A boolean field, or null when absent. */
    public Boolean bool(String key) {
        JsonNode v = node.get(key);
        if (!ConfigJson.present(v)) {
            return null;
        }
        if (!v.isBoolean()) {
            throw problem(key, "must be true or false");
        }
        return v.booleanValue();
    }

    /**
     * A credential found inside a field's value (a password option of a URI), in clear: opened when this service
     * showed it sealed, else as given.
     */
    public String openedPart(String key, String value) {
        return opened(value, at(key));
    }

    /** A credential to be written inside a field's value, sealed. {@code what} names it if there is no seal. */
    public String sealedPart(String value, String what) {
        return sealed(value, what);
    }

    /** A whole number that fits an int, or null when absent; {@code message} says what else is refused. */
    public Integer wholeNumber(String key, String message) {
        JsonNode v = node.get(key);
        if (!ConfigJson.present(v)) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw problem(key, message);
        }
        return v.intValue();
    }

    /** A shape problem of {@code field} (empty: the target itself), for the reader to throw. */
    public RuntimeException problem(String field, String message) {
        return new FieldProblem(field.isEmpty() ? path : at(field), message);
    }

    private String opened(String value, String field) {
        if (value == null || seal == null || !seal.isSealed(value)) {
            return value;
        }
        try {
            return seal.open(value);
        } catch (RuntimeException e) {
            throw new FieldProblem(field, "a sealed secret this instance cannot open: " + e.getMessage());
        }
    }

    private String at(String key) {
        return path + "." + key;
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
