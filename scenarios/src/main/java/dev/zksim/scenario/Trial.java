package dev.zksim.scenario;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.nemesis.FaultProfile;
import java.util.List;

/**
 * One prepared run of a scenario, with its knobs fixed: the ensemble to build, the workload
 * to install, the faults to generate, how long the faults may strike and how long the run
 * then gets to settle, and the invariants its history must satisfy.
 */
public interface Trial {

    EnsembleConfig ensemble();

    /** The profile fault plans are generated from; its window is when faults may strike. */
    FaultProfile faults();

    /** Adds the clients and their programs; ops go into the recorder. */
    void install(Ensemble ensemble, HistoryRecorder history);

    /**
     * Time allowed after every fault has stopped (healed, restarted, resumed) for the
     * workload to finish; liveness checkers measure from the heal. The run ends earlier if it
     * goes idle for good ({@link dev.zksim.ensemble.Ensemble#isIdle()}); checkers still judge
     * with the end this time sets.
     */
    long settle();

    /**
     * Told once every fault has stopped (the heal), in the same event: a workload that
     * stresses a recipe only while faults strike (consumers that give takes up, say) turns to
     * plain use here, so that what it left undone is the recipe's to finish by the end.
     */
    default void healed(Ensemble ensemble) {
    }

    /** The invariants over the history, given when faults stopped and when the run ended. */
    List<Checker> checkers(long healTime, long endTime);

    /** The knobs as "name: value" lines, printed before the run. */
    List<String> knobs();

    /**
     * Checks on the ensemble itself once the run is over (after the settle time), such as
     * "all replicas converged"; throws a SimulationFailure on a violation.
     */
    default void verifyEnd(Ensemble ensemble) {
    }
}
