package dev.zksim.property;

import dev.zksim.kernel.choice.ChoiceLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * The edits the shrinker makes to a choice log, over all its streams at once. The draws that
 * are not zero are seen as one list, the streams one after another in the order they first
 * drew ({@link #nonZero}); a chunk of that list may span streams, which is what lets delta
 * debugging zero half of a run's draws in one candidate whatever streams they belong to.
 * Every edit returns a new log; bounds travel with their draws.
 */
final class ChoiceEdits {

    /** One draw: the stream it belongs to and its index in that stream. */
    record Position(String label, int index) {
    }

    private ChoiceEdits() {
    }

    /** The positions of the draws that are not zero, stream by stream, each stream in order. */
    static List<Position> nonZero(ChoiceLog log) {
        List<Position> positions = new ArrayList<>();
        for (String label : log.labels()) {
            long[] values = log.values(label);
            for (int i = 0; i < values.length; i++) {
                if (values[i] != 0) {
                    positions.add(new Position(label, i));
                }
            }
        }
        return positions;
    }

    /** The log with every draw in {@code chunk} replaced by {@code lower} of it. */
    static ChoiceLog map(ChoiceLog log, List<Position> chunk, LongUnaryOperator lower) {
        Map<String, long[]> values = valuesOf(log);
        for (Position position : chunk) {
            long[] stream = values.get(position.label());
            stream[position.index()] = lower.applyAsLong(stream[position.index()]);
        }
        return build(log, values, new LinkedHashMap<>());
    }

    /** The log without the draws in {@code chunk}: the later draws of their streams move up. */
    static ChoiceLog delete(ChoiceLog log, List<Position> chunk) {
        Map<String, long[]> values = valuesOf(log);
        Map<String, boolean[]> gone = new LinkedHashMap<>();
        for (Position position : chunk) {
            gone.computeIfAbsent(position.label(), label -> new boolean[values.get(label).length])[position.index()] = true;
        }
        return build(log, values, gone);
    }

    /**
     * The log without each stream's trailing zeros, and without streams left empty: a replayed
     * stream that runs out draws 0, so the run is the same, and the line is shorter.
     */
    static ChoiceLog trimmed(ChoiceLog log) {
        Map<String, long[]> values = new LinkedHashMap<>();
        for (String label : log.labels()) {
            long[] stream = log.values(label);
            int length = stream.length;
            while (length > 0 && stream[length - 1] == 0) {
                length--;
            }
            if (length > 0) {
                values.put(label, java.util.Arrays.copyOf(stream, length));
            }
        }
        return build(log, values, new LinkedHashMap<>());
    }

    /**
     * The value with only its {@code bits} highest set bits kept: a 53-bit uniform draw keeps
     * its first few binary digits, so the duration it samples barely moves while the line
     * needs two or three bytes for it instead of eight.
     */
    static long topBits(long value, int bits) {
        int width = 64 - Long.numberOfLeadingZeros(value);
        if (width <= bits) {
            return value;
        }
        int drop = width - bits;
        return (value >>> drop) << drop;
    }

    private static Map<String, long[]> valuesOf(ChoiceLog log) {
        Map<String, long[]> values = new LinkedHashMap<>();
        for (String label : log.labels()) {
            values.put(label, log.values(label));
        }
        return values;
    }

    /** A log of these values, without the draws marked gone, each draw keeping the bound it had. */
    private static ChoiceLog build(ChoiceLog original, Map<String, long[]> values, Map<String, boolean[]> gone) {
        ChoiceLog log = new ChoiceLog();
        for (Map.Entry<String, long[]> stream : values.entrySet()) {
            String label = stream.getKey();
            long[] bounds = original.bounds(label);
            boolean[] skip = gone.get(label);
            long[] draws = stream.getValue();
            for (int i = 0; i < draws.length; i++) {
                if (skip == null || !skip[i]) {
                    log.append(label, i < bounds.length ? bounds[i] : Long.MAX_VALUE, draws[i]);
                }
            }
        }
        return log;
    }
}
