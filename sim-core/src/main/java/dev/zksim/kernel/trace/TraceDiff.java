package dev.zksim.kernel.trace;

import java.util.List;
import java.util.Optional;

/** Finds the first line where two traces of what should be the same run differ. */
public final class TraceDiff {

    /** The first divergence: its index and the two lines there (null where a trace ended). */
    public record Divergence(int index, String expected, String actual) {
        public String describe() {
            return "traces diverge at line " + index + ":\n  first run:  " + orEnd(expected) + "\n  second run: " + orEnd(actual);
        }

        private static String orEnd(String line) {
            return line == null ? "<trace ended>" : line;
        }
    }

    private TraceDiff() {
    }

    public static Optional<Divergence> firstDivergence(List<String> expected, List<String> actual) {
        int common = Math.min(expected.size(), actual.size());
        for (int i = 0; i < common; i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                return Optional.of(new Divergence(i, expected.get(i), actual.get(i)));
            }
        }
        if (expected.size() == actual.size()) {
            return Optional.empty();
        }
        return Optional.of(new Divergence(common,
                common < expected.size() ? expected.get(common) : null,
                common < actual.size() ? actual.get(common) : null));
    }
}
