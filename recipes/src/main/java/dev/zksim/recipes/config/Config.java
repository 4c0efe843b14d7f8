package dev.zksim.recipes.config;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A complete configuration as a reader saw it: the entries by key, and its version, the
 * czxid of the ready node that vouched for it (each publication creates a new ready node).
 */
public record Config(long version, SortedMap<String, byte[]> entries) {
    public Config {
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    /** An entry as UTF-8 text, or null if it is missing or null. */
    public String text(String key) {
        byte[] value = entries.get(key);
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Config that) || version != that.version || !entries.keySet().equals(that.entries.keySet())) {
            return false;
        }
        for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
            if (!Arrays.equals(entry.getValue(), that.entries.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(version) * 31 + entries.keySet().hashCode();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("Config[version=").append(version);
        entries.keySet().forEach(key -> text.append(", ").append(key).append('=').append(text(key)));
        return text.append(']').toString();
    }
}
