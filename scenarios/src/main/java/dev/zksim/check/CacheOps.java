package dev.zksim.check;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The values of a directory cache's ops, written by its workload and read by its checker and
 * goals in one place: a write (CACHE_WRITE), what a listener was told (CACHE_PUT), and a whole
 * directory (CACHE_VIEW, CACHE_AUDIT).
 */
public final class CacheOps {

    /** A write of the cache's writer: create, set or delete of a child, with its data unless a delete. */
    public record Write(String kind, String child, Optional<String> data) {

        /** The value as the history holds it: (kind, child, data or nil). */
        public Value value() {
            return Value.tuple(Value.of(kind), Value.of(child), data.map(Value::of).orElse(Value.NONE));
        }

        /** The write an op records, if it is a CACHE_WRITE op. */
        public static Optional<Write> of(Op op) {
            if (!op.f().equals(OpKind.CACHE_WRITE) || !(op.value() instanceof Value.Tuple tuple)) {
                return Optional.empty();
            }
            List<Value> parts = tuple.elements();
            Optional<String> data = parts.get(2) instanceof Value.Text text ? Optional.of(text.text()) : Optional.empty();
            return Optional.of(new Write(parts.get(0).toString(), parts.get(1).toString(), data));
        }
    }

    /** What a listener was told: the child now holds the data. */
    public record Put(String child, String data) {

        /** The value as the history holds it: (child, data). */
        public Value value() {
            return Value.tuple(Value.of(child), Value.of(data));
        }

        /** The put an op's value records, if it is one. */
        public static Optional<Put> of(Value value) {
            return value instanceof Value.Tuple tuple
                    ? Optional.of(new Put(tuple.elements().get(0).toString(), tuple.elements().get(1).toString()))
                    : Optional.empty();
        }
    }

    private CacheOps() {
    }

    /** A directory's contents as the history shows them: the sorted texts child=data. */
    public static Value directory(SortedMap<String, String> entries) {
        List<Value> elements = new ArrayList<>();
        entries.forEach((child, data) -> elements.add(Value.of(child + "=" + data)));
        return Value.tuple(elements);
    }

    /** The contents a CACHE_VIEW or CACHE_AUDIT value holds. */
    public static SortedMap<String, String> directory(Value value) {
        SortedMap<String, String> entries = new TreeMap<>();
        if (value instanceof Value.Tuple tuple) {
            for (Value element : tuple.elements()) {
                String text = element.toString();
                int split = text.indexOf('=');
                entries.put(text.substring(0, split), text.substring(split + 1));
            }
        }
        return entries;
    }
}
