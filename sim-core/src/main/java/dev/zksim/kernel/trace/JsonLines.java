package dev.zksim.kernel.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * Exports trace records as JSON lines: one object per record with its sequence number,
 * time in microseconds, process, event type and the event's fields. Record components are
 * read in declaration order, so the output is as deterministic as the trace. sim-core has
 * no JSON library, and this small writer is all the export needs.
 */
public final class JsonLines {

    private JsonLines() {
    }

    /** A sink that writes each record as one line to the writer. */
    public static TraceSink writer(Writer out) {
        return record -> {
            try {
                out.write(toJson(record));
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write trace line", e);
            }
        };
    }

    public static String toJson(TraceRecord record) {
        StringBuilder json = new StringBuilder(128);
        json.append("{\"seq\":").append(record.sequence())
                .append(",\"t\":").append(record.time())
                .append(",\"process\":");
        string(json, record.process());
        json.append(",\"type\":");
        string(json, record.event().getClass().getSimpleName());
        json.append(",\"fields\":");
        value(json, record.event());
        return json.append('}').toString();
    }

    private static void value(StringBuilder json, Object value) {
        switch (value) {
            case null -> json.append("null");
            case Number number -> json.append(number);
            case Boolean bool -> json.append(bool);
            case Enum<?> constant -> string(json, constant.name());
            case Record record -> recordValue(json, record);
            case Collection<?> items -> array(json, items);
            case Map<?, ?> map -> object(json, map);
            default -> string(json, value.toString());
        }
    }

    private static void recordValue(StringBuilder json, Record record) {
        json.append('{');
        RecordComponent[] components = record.getClass().getRecordComponents();
        for (int i = 0; i < components.length; i++) {
            if (i > 0) {
                json.append(',');
            }
            string(json, components[i].getName());
            json.append(':');
            value(json, read(record, components[i]));
        }
        json.append('}');
    }

    private static Object read(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            return "<unreadable: " + e + ">";
        }
    }

    private static void array(StringBuilder json, Collection<?> items) {
        json.append('[');
        boolean first = true;
        for (Object item : items) {
            if (!first) {
                json.append(',');
            }
            first = false;
            value(json, item);
        }
        json.append(']');
    }

    private static void object(StringBuilder json, Map<?, ?> map) {
        json.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!first) {
                json.append(',');
            }
            first = false;
            string(json, String.valueOf(entry.getKey()));
            json.append(':');
            value(json, entry.getValue());
        }
        json.append('}');
    }

    /** Appends a JSON string literal, escaping quotes, backslashes and control characters. */
    public static void string(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }
}
