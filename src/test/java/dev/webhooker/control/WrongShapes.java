package dev.webhooker.control;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Wrong-typed copies of a valid JSON body: every field and array element (to {@link #MAX_DEPTH} levels) replaced in
 * turn by a string, a number, null, a boolean, an object, an array, a deeply nested value and a string holding NUL;
 * and the whole body replaced by each of those.
 */
final class WrongShapes {

    static final int MAX_DEPTH = 5;

    /**
     * One mutated body, the name of the field it changed (its last object key on the way, or "" for the body), and
     * whether the new value is of another JSON type than the valid one (null aside, which reads as absent).
     */
    record Shape(String path, String field, String body, boolean wrongType) {
    }

    private WrongShapes() {
    }

    static List<JsonNode> replacements() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonNode deep = f.textNode("bottom");
        for (int i = 0; i < 200; i++) {
            deep = i % 2 == 0 ? f.arrayNode().add(deep) : f.objectNode().set("a", deep);
        }
        return List.of(f.textNode("text"), f.numberNode(42), f.numberNode(-1.5), f.nullNode(), f.booleanNode(true), f.objectNode(),
                f.objectNode().put("x", 1), f.arrayNode(), f.arrayNode().add(1).add("two"), deep, f.textNode("nul\u0000inside"));
    }

    static List<Shape> of(JsonNode valid) {
        List<Shape> shapes = new ArrayList<>();
        for (JsonNode replacement : replacements()) {
            shapes.add(new Shape("$", "", replacement.toString(), !replacement.isObject()));
        }
        walk(valid, valid, "$", "", 0, shapes);
        return shapes;
    }

    private static void walk(JsonNode root, JsonNode node, String path, String field, int depth, List<Shape> shapes) {
        if (depth >= MAX_DEPTH) {
            return;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = fields.next();
                String at = path + "." + entry.getKey();
                for (JsonNode replacement : replacements()) {
                    JsonNode copy = root.deepCopy();
                    ((ObjectNode) locate(copy, path)).set(entry.getKey(), replacement);
                    shapes.add(new Shape(at, entry.getKey(), copy.toString(), wrongType(entry.getValue(), replacement)));
                }
                walk(root, entry.getValue(), at, entry.getKey(), depth + 1, shapes);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String at = path + "[" + i + "]";
                for (JsonNode replacement : replacements()) {
                    JsonNode copy = root.deepCopy();
                    ((ArrayNode) locate(copy, path)).set(i, replacement);
                    shapes.add(new Shape(at, field, copy.toString(), wrongType(node.get(i), replacement)));
                }
                walk(root, node.get(i), at, field, depth + 1, shapes);
            }
        }
    }

    private static boolean wrongType(JsonNode valid, JsonNode replacement) {
        return !replacement.isNull() && valid.getNodeType() != replacement.getNodeType();
    }

    /** The node at {@code path} ("$.a[0].b") in {@code root}. */
    private static JsonNode locate(JsonNode root, String path) {
        JsonNode node = root;
        for (String step : path.substring(1).split("(?=[.\\[])")) {
            if (step.isEmpty()) {
                continue;
            }
            node = step.startsWith("[") ? node.get(Integer.parseInt(step.substring(1, step.length() - 1))) : node.get(step.substring(1));
        }
        return node;
    }
}
