package dev.zksim.kernel.choice;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The draws a run made, per labelled stream, in order. A recorded log replays the run
 * exactly; an edited log (draws deleted, zeroed or lowered) is what the shrinker runs to
 * look for a smaller failing case.
 */
public final class ChoiceLog {
    private final Map<String, Draws> streams = new LinkedHashMap<>();

    /** The label path of a child stream. */
    static String join(String parent, String child) {
        return parent.isEmpty() ? child : parent + "/" + child;
    }

    /** Appends one draw to the stream with this label path. */
    public void append(String label, long bound, long value) {
        draws(label).add(bound, value);
    }

    /** The draws of one stream, created empty if it has none: a recorder keeps it to skip the lookup per draw. */
    Draws draws(String label) {
        return streams.computeIfAbsent(label, ignored -> new Draws());
    }

    /** The label paths in the order their streams first drew. */
    public List<String> labels() {
        return List.copyOf(streams.keySet());
    }

    /** The values drawn by one stream (empty if it never drew). */
    public long[] values(String label) {
        Draws draws = streams.get(label);
        return draws == null ? new long[0] : Arrays.copyOf(draws.values, draws.size);
    }

    /** The bounds of the draws of one stream, parallel to {@link #values(String)}. */
    public long[] bounds(String label) {
        Draws draws = streams.get(label);
        return draws == null ? new long[0] : Arrays.copyOf(draws.bounds, draws.size);
    }

    /** Total number of draws over all streams. */
    public int size() {
        int total = 0;
        for (Draws draws : streams.values()) {
            total += draws.size;
        }
        return total;
    }

    /** A copy with one stream's values replaced; bounds are kept where they still apply. */
    public ChoiceLog withValues(String label, long[] values) {
        ChoiceLog copy = copy();
        Draws draws = new Draws();
        long[] oldBounds = bounds(label);
        for (int i = 0; i < values.length; i++) {
            draws.add(i < oldBounds.length ? oldBounds[i] : Long.MAX_VALUE, values[i]);
        }
        copy.streams.put(label, draws);
        return copy;
    }

    public ChoiceLog copy() {
        ChoiceLog copy = new ChoiceLog();
        for (Map.Entry<String, Draws> entry : streams.entrySet()) {
            copy.streams.put(entry.getKey(), entry.getValue().copy());
        }
        return copy;
    }

    /** Unmodifiable view of the streams, for printing. */
    public Map<String, long[]> asMap() {
        Map<String, long[]> view = new LinkedHashMap<>();
        for (String label : streams.keySet()) {
            view.put(label, values(label));
        }
        return Collections.unmodifiableMap(view);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (String label : streams.keySet()) {
            text.append(label.isEmpty() ? "<root>" : label).append('=').append(Arrays.toString(values(label))).append('\n');
        }
        return text.toString();
    }

    /** A growable pair of long arrays: cheaper than boxing millions of draws. */
    static final class Draws {
        private long[] bounds = new long[16];
        private long[] values = new long[16];
        private int size;

        void add(long bound, long value) {
            if (size == values.length) {
                bounds = Arrays.copyOf(bounds, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            bounds[size] = bound;
            values[size] = value;
            size++;
        }

        Draws copy() {
            Draws copy = new Draws();
            copy.bounds = Arrays.copyOf(bounds, Math.max(16, size));
            copy.values = Arrays.copyOf(values, Math.max(16, size));
            copy.size = size;
            return copy;
        }
    }
}
