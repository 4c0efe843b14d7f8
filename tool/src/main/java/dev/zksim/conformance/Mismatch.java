package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A program whose outcomes differ, already shrunk, with both outcomes. {@link #report()}
 * prints the script with the two sides' observations side by side, step by step, and
 * marks the first step that differs.
 */
public record Mismatch(Program original, Program shrunk, String leftName, Outcome left, String rightName,
                       Outcome right) {

    public int firstDifference() {
        return left.firstDifference(right);
    }

    public List<String> report() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "MISMATCH seed %d (%d steps, shrunk to %d): %s vs %s",
                original.seed(), original.steps().size(), shrunk.steps().size(), leftName, rightName));
        lines.addAll(shrunk.script());
        int first = firstDifference();
        int count = Math.max(left.steps().size(), right.steps().size());
        for (int i = 0; i < count; i++) {
            String label = i == 0 ? "connect" : shrunk.steps().get(i - 1).render();
            String mark = i == first ? ">>" : "  ";
            lines.add(String.format(Locale.ROOT, "%s %2d %s", mark, i, label));
            lines.add(String.format(Locale.ROOT, "   %-12s %s", leftName, at(left, i)));
            lines.add(String.format(Locale.ROOT, "   %-12s %s", rightName, at(right, i)));
        }
        return lines;
    }

    private static String at(Outcome outcome, int index) {
        return index < outcome.steps().size() ? outcome.steps().get(index) : "(missing)";
    }
}
