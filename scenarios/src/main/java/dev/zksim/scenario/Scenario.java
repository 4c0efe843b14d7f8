package dev.zksim.scenario;

import dev.zksim.kernel.choice.Choices;
import java.util.List;

/**
 * A named, repeatable test situation: an ensemble, a workload, a fault profile, the
 * invariants and the bounds. The id is what the command line takes ("lock-leader-crash");
 * the title is a sentence for people ("Lock: leader crash while 5 waiters queued"). Each
 * run draws its knobs from the seed's "knobs" stream ({@link #prepare}), so one scenario
 * explores a family of ensembles and workloads (swarm testing).
 */
public interface Scenario {

    String id();

    String title();

    /** Picks this run's knobs and returns the trial to run. */
    Trial prepare(Choices knobs);

    /**
     * The "sometimes" assertions of this scenario: what some run should reach. Reports list
     * which were reached and which never were. None by default.
     */
    default List<Goal> goals() {
        return List.of();
    }

    /**
     * The knob streams (labels under "knobs", such as "knobs/patience") that the explorer's
     * small scope explores instead of fixing at their smallest: each of their draws takes a
     * few ordered values, from the smallest to the largest, each value a branch of a
     * depth-first search that costs no deviation. For a knob whose smallest value alone makes
     * the small scope miss what the scenario is about, or makes every run long (a consumer
     * that gives up every few milliseconds for the whole run). None by default.
     */
    default List<String> smallScopeKnobs() {
        return List.of();
    }

    /**
     * What no exploration of this scenario's small scope can reach, judged before any run from
     * the scenario's shape and the scope: one plain sentence each, naming a goal or a check
     * that cannot be reached or fail there and why ("with at most 2 clients for 2 permits ...
     * an over-count cannot be found"). The explorer prints them, so that a clean exploration
     * that could not have found a bug says so. None by default.
     *
     * @param faults the most faults one run of the exploration may inject (0: none)
     */
    default List<String> unreachableInSmallScope(int faults) {
        return List.of();
    }

    /** This scenario with these goals declared (replacing any it had). */
    default Scenario withGoals(List<Goal> goals) {
        return new WithGoals(this, goals);
    }

    /** A scenario with goals declared from outside, delegating everything else. */
    record WithGoals(Scenario scenario, List<Goal> goals) implements Scenario {
        public WithGoals {
            goals = List.copyOf(goals);
        }

        @Override
        public String id() {
            return scenario.id();
        }

        @Override
        public String title() {
            return scenario.title();
        }

        @Override
        public Trial prepare(Choices knobs) {
            return scenario.prepare(knobs);
        }

        @Override
        public List<String> smallScopeKnobs() {
            return scenario.smallScopeKnobs();
        }

        @Override
        public List<String> unreachableInSmallScope(int faults) {
            return scenario.unreachableInSmallScope(faults);
        }

        @Override
        public Scenario withGoals(List<Goal> replacement) {
            return new WithGoals(scenario, replacement);
        }
    }
}
