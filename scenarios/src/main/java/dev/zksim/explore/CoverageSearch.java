package dev.zksim.explore;

import dev.zksim.kernel.choice.SplitMix64;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Coverage-guided search: a corpus of choice vectors; each run takes one from the corpus and
 * mutates it (changes one choice, splices two vectors, inserts or moves a fault), and the
 * vector is kept when its run reached something new: a new (trace event kind x what the
 * emitting process was doing) tuple, where a server is known by its role and a client by its
 * connection state and its latest op (its recipe's state as the history shows it); a new
 * abstract state; or a goal no run had reached.
 */
final class CoverageSearch {
    private final Scenario scenario;
    private final ExploreScope scope;
    private final int faults;
    private final SplitMix64 random;
    private final List<Entry> corpus = new ArrayList<>();
    private final StateTable tuples = new StateTable();

    /** A kept vector and where its fault decisions are. */
    private record Entry(int[] vector, boolean[] faultDecisions) {
    }

    CoverageSearch(Scenario scenario, ExploreScope scope, int faults, long seed) {
        this.scenario = scenario;
        this.scope = scope;
        this.faults = faults;
        this.random = new SplitMix64(seed);
    }

    /** Runs until the budget is spent or a violation is found; never "complete". */
    boolean run(Explorer.Progress progress, Predicate<Explorer.Progress> budgetLeft) {
        while (budgetLeft.test(progress)) {
            int[] input = corpus.isEmpty() ? new int[0] : mutate();
            VectorGuide guide = new VectorGuide(scope, input, random.nextLong());
            long statesBefore = progress.states.size();
            long tuplesBefore = tuples.size();
            int goalsBefore = progress.goals.size();
            ExploreRun.Result result = ExploreRun.execute(scenario, guide, faults, run -> {
                progress.observeEveryState(run);
                for (TraceRecord record : run.stepEvents()) {
                    tuples.visit(SplitMix64.mix(record.event().getClass().getSimpleName().hashCode() * 31L
                            + run.roleOf(record.process()).hashCode()), 0);
                }
                return true;
            });
            progress.coverage = tuples.size();
            if (progress.finish(result)) {
                return false;
            }
            boolean novel = progress.states.size() > statesBefore || tuples.size() > tuplesBefore
                    || progress.goals.size() > goalsBefore;
            if (novel || corpus.isEmpty()) {
                corpus.add(new Entry(guide.taken(), guide.faultDecisions()));
            }
        }
        return false;
    }

    private int[] mutate() {
        Entry parent = corpus.get(below(corpus.size()));
        int[] vector = parent.vector();
        if (vector.length == 0) {
            return vector;
        }
        return switch (below(4)) {
            case 0 -> changeOne(vector);
            case 1 -> splice(vector, corpus.get(below(corpus.size())).vector());
            case 2 -> insertFault(parent);
            default -> moveFault(parent);
        };
    }

    /** One choice changed; everything after it is drawn afresh. */
    private int[] changeOne(int[] vector) {
        int position = below(vector.length);
        int[] child = Arrays.copyOf(vector, position + 1);
        child[position] = vector[position] + 1 + below(3);
        return child;
    }

    /** The front of one vector with the back of another. */
    private int[] splice(int[] front, int[] back) {
        int cut = below(Math.min(front.length, Math.max(1, back.length)));
        int[] child = Arrays.copyOf(front, Math.max(cut, back.length));
        System.arraycopy(back, cut, child, cut, Math.max(0, back.length - cut));
        return child;
    }

    /** A fault where the parent had none (a "no" fault decision turned to "yes"). */
    private int[] insertFault(Entry parent) {
        int[] child = parent.vector().clone();
        List<Integer> quiet = decisions(parent, 0);
        if (quiet.isEmpty()) {
            return changeOne(child);
        }
        child[quiet.get(below(quiet.size()))] = 1;
        return child;
    }

    /** The parent's fault moved to another instant. */
    private int[] moveFault(Entry parent) {
        int[] child = parent.vector().clone();
        List<Integer> struck = decisions(parent, 1);
        List<Integer> quiet = decisions(parent, 0);
        if (struck.isEmpty() || quiet.isEmpty()) {
            return insertFault(parent);
        }
        child[struck.get(below(struck.size()))] = 0;
        child[quiet.get(below(quiet.size()))] = 1;
        return child;
    }

    private static List<Integer> decisions(Entry entry, int value) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < entry.vector().length; i++) {
            if (entry.faultDecisions()[i] && entry.vector()[i] == value) {
                positions.add(i);
            }
        }
        return positions;
    }

    private int below(int bound) {
        return (int) Long.remainderUnsigned(random.nextLong(), bound);
    }
}
