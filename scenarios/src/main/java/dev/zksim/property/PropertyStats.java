package dev.zksim.property;

import dev.zksim.nemesis.FaultPlan;
import dev.zksim.scenario.RunOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a property did, for its JUnit report entries: the seeds and regression lines it ran,
 * the wall time it took, the goals its runs reached (and those none reached), and the faults
 * that struck, by kind. Seeds checked on several threads at once record here concurrently,
 * so every method holds the lock; the entries come out in a fixed order whatever the order
 * the runs ended in.
 */
public final class PropertyStats {
    /** Plan steps that end a fault rather than strike one. */
    private static final List<String> ENDINGS = List.of("heal", "restart", "resume");
    private final List<String> seedRanges = new ArrayList<>();
    private final Set<String> declaredGoals = new TreeSet<>();
    private final Set<String> reachedGoals = new TreeSet<>();
    private final Map<String, Integer> faults = new TreeMap<>();
    private int runs;
    private int regressions;
    private long nanos;

    /** Notes the seeds a check is about to run and the goals its scenario declares. */
    public synchronized void plan(String scenario, long base, int count, List<String> goals) {
        seedRanges.add(scenario + " " + (count == 1 ? "seed " + Long.toUnsignedString(base)
                : "seeds " + Long.toUnsignedString(base) + ".." + Long.toUnsignedString(base + count - 1)));
        declaredGoals.addAll(goals);
    }

    /** Counts one run: its goals reached and the kinds of the faults its plan struck with. */
    public synchronized void record(RunOutcome outcome) {
        runs++;
        reachedGoals.addAll(outcome.goalsReached());
        for (FaultPlan.Step step : outcome.plan().steps()) {
            String text = step.fault().toString();
            String kind = text.indexOf(' ') < 0 ? text : text.substring(0, text.indexOf(' '));
            if (!ENDINGS.contains(kind)) {
                faults.merge(kind, 1, Integer::sum);
            }
        }
    }

    /** Counts a reproduce line replayed as a regression. */
    public synchronized void recordRegression() {
        regressions++;
    }

    /** Adds wall time spent checking. */
    public synchronized void addNanos(long spent) {
        nanos += spent;
    }

    /** Seeds run so far (each counted once, even when run twice for the determinism check). */
    public synchronized int runs() {
        return runs;
    }

    /**
     * The report entries, keyed {@code zksim.seeds}, {@code zksim.time}, {@code zksim.goals} and
     * {@code zksim.faults}, in that order.
     */
    public synchronized Map<String, String> entries() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("zksim.seeds", runs + " runs" + (seedRanges.isEmpty() ? "" : " (" + String.join("; ", seedRanges) + ")")
                + (regressions > 0 ? ", " + regressions + " of them regression lines" : ""));
        entries.put("zksim.time", String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9));
        Set<String> missed = new TreeSet<>(declaredGoals);
        missed.removeAll(reachedGoals);
        entries.put("zksim.goals", declaredGoals.isEmpty() && reachedGoals.isEmpty() ? "none declared"
                : "reached: " + (reachedGoals.isEmpty() ? "none" : String.join(", ", reachedGoals))
                + (missed.isEmpty() ? "" : "; never reached: " + String.join(", ", missed)));
        List<String> struck = new ArrayList<>();
        faults.forEach((kind, count) -> struck.add(kind + " " + count));
        entries.put("zksim.faults", struck.isEmpty() ? "none" : String.join(", ", struck));
        return entries;
    }
}
