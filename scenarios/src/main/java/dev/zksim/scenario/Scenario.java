package dev.zksim.scenario;

import dev.zksim.kernel.choice.Choices;

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
}
