package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * What one side observed running a program: entry 0 is the connect phase, entry i the
 * program's step i. Each entry lists, client by client, what that client received during
 * the step in arrival order ("c1: event default NodeCreated /t/a z+3 | ok /t/a").
 * Arrival order is compared only within one client: across clients the real side has
 * one event thread per handle, so there is no order to compare.
 */
public record Outcome(List<String> steps) {
    public Outcome {
        steps = List.copyOf(steps);
    }

    /** The index of the first entry that differs, or -1 if the outcomes are equal. */
    public int firstDifference(Outcome other) {
        int common = Math.min(steps.size(), other.steps.size());
        for (int i = 0; i < common; i++) {
            if (!steps.get(i).equals(other.steps.get(i))) {
                return i;
            }
        }
        return steps.size() == other.steps.size() ? -1 : common;
    }

    /** Joins the clients' lines of one step into one entry. */
    static String entry(List<List<String>> perClient) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < perClient.size(); i++) {
            if (!perClient.get(i).isEmpty()) {
                parts.add("c" + (i + 1) + ": " + String.join(" | ", perClient.get(i)));
            }
        }
        return parts.isEmpty() ? "-" : String.join("  ;  ", parts);
    }
}
