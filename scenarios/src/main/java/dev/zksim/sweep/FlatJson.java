package dev.zksim.sweep;

import dev.zksim.kernel.trace.JsonLines;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON of results files: one flat object per line whose values are strings, whole
 * numbers or booleans. Small enough to write and read here, so results stay readable by
 * jq and by any CI system without zksim needing a JSON library.
 */
public final class FlatJson {
    private FlatJson() {
    }

    /** One line of JSON, without the newline. */
    public static String write(Map<String, Object> fields) {
        StringBuilder json = new StringBuilder("{");
        fields.forEach((key, value) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            string(json, key);
            json.append(':');
            if (value instanceof String text) {
                string(json, text);
            } else {
                json.append(value);
            }
        });
        return json.append('}').toString();
    }

    /** Reads one line written by {@link #write}; throws IllegalArgumentException on anything else. */
    public static Map<String, Object> read(String line) {
        Reader reader = new Reader(line.trim());
        return reader.object();
    }

    public static String text(Map<String, Object> json, String key) {
        if (json.get(key) instanceof String text) {
            return text;
        }
        throw new IllegalArgumentException("expected a string field '" + key + "'");
    }

    public static long number(Map<String, Object> json, String key) {
        if (json.get(key) instanceof Long number) {
            return number;
        }
        throw new IllegalArgumentException("expected a number field '" + key + "'");
    }

    public static boolean flag(Map<String, Object> json, String key) {
        return Boolean.TRUE.equals(json.get(key));
    }

    private static void string(StringBuilder json, String text) {
        JsonLines.string(json, text);
    }

    /** A cursor over one line. */
    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Map<String, Object> object() {
            Map<String, Object> fields = new LinkedHashMap<>();
            expect('{');
            if (peek() == '}') {
                at++;
            } else {
                do {
                    String key = string();
                    expect(':');
                    fields.put(key, value());
                } while (take(','));
                expect('}');
            }
            if (at != text.length()) {
                throw bad("text after the object");
            }
            return fields;
        }

        private Object value() {
            char c = peek();
            if (c == '"') {
                return string();
            }
            if (text.startsWith("true", at) || text.startsWith("false", at)) {
                boolean value = text.startsWith("true", at);
                at += value ? 4 : 5;
                return value;
            }
            int start = at;
            if (c == '-') {
                at++;
            }
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            try {
                return Long.parseLong(text.substring(start, at));
            } catch (NumberFormatException e) {
                throw bad("expected a string, a whole number or a boolean");
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (at < text.length() && text.charAt(at) != '"') {
                char c = text.charAt(at++);
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= text.length()) {
                    throw bad("unfinished escape");
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw bad("unfinished \\u escape");
                        }
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(escaped);
                }
            }
            expect('"');
            return out.toString();
        }

        private char peek() {
            if (at >= text.length()) {
                throw bad("unexpected end of line");
            }
            return text.charAt(at);
        }

        private boolean take(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!take(c)) {
                throw bad("expected '" + c + "'");
            }
        }

        private IllegalArgumentException bad(String what) {
            return new IllegalArgumentException("not a zksim results line (" + what + " at column " + (at + 1) + ")");
        }
    }
}
