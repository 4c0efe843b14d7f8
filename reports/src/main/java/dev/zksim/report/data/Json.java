package dev.zksim.report.data;

import dev.zksim.report.html.Num;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal JSON writer for report data: null, strings, booleans, numbers, maps (written in
 * their iteration order, so pass a LinkedHashMap or a SortedMap, never Map.of, whose order
 * changes between JVMs) and collections. Reports depend only on sim-core, so no JSON
 * library is available here; this is all the output needs. Output is pretty-printed with
 * two-space indentation, stable byte for byte.
 */
public final class Json {

    private Json() {
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        value(out, value, 0);
        return out.append('\n').toString();
    }

    private static void value(StringBuilder out, Object value, int indent) {
        switch (value) {
            case null -> out.append("null");
            case String text -> string(out, text);
            case Boolean bool -> out.append(bool);
            case Integer number -> out.append(number);
            case Long number -> out.append(number);
            case Number number -> decimal(out, number.doubleValue());
            case Map<?, ?> map -> object(out, map, indent);
            case Collection<?> items -> array(out, items, indent);
            default -> throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    /** Non-finite numbers have no JSON form; they become null, as JavaScript's JSON.stringify does. */
    private static void decimal(StringBuilder out, double number) {
        if (Double.isNaN(number) || Double.isInfinite(number)) {
            out.append("null");
        } else {
            out.append(Num.fmt(number, 6));
        }
    }

    private static void object(StringBuilder out, Map<?, ?> map, int indent) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append("{\n");
        int i = 0;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            pad(out, indent + 1);
            string(out, String.valueOf(entry.getKey()));
            out.append(": ");
            value(out, entry.getValue(), indent + 1);
            out.append(++i < map.size() ? ",\n" : "\n");
        }
        pad(out, indent);
        out.append('}');
    }

    private static void array(StringBuilder out, Collection<?> items, int indent) {
        if (items.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append("[\n");
        int i = 0;
        for (Object item : items) {
            pad(out, indent + 1);
            value(out, item, indent + 1);
            out.append(++i < items.size() ? ",\n" : "\n");
        }
        pad(out, indent);
        out.append(']');
    }

    private static void pad(StringBuilder out, int indent) {
        out.append("  ".repeat(indent));
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    public static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
