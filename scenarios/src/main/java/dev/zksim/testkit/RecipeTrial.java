package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Trial;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The trial every recipe scenario of the catalogue prepares: the swarm's ensemble, a fault
 * profile, the workload's installer, the time allowed to settle after the heal, the
 * checkers, the knobs the seed picked (the swarm's first, then the workload's) and the
 * checks of the ensemble at the end of the run. The workload's knobs are described on demand:
 * most runs pass and nobody reads them.
 */
public record RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
                          Supplier<List<String>> workloadKnobs, List<EndCheck> endChecks) implements Trial {

    /** Adds the workload's clients to the ensemble. */
    @FunctionalInterface
    public interface Installer {
        void install(Ensemble ensemble, HistoryRecorder history);
    }

    /** The checkers, given the heal time and the run's end. */
    @FunctionalInterface
    public interface Checks {
        List<Checker> checkers(long healTime, long endTime);
    }

    /**
     * A check of the ensemble itself once the run is over and settled, such as "every replica
     * applied the same last transaction": it throws a {@link dev.zksim.kernel.SimulationFailure}
     * when the check fails.
     */
    @FunctionalInterface
    public interface EndCheck {
        void verify(Ensemble ensemble);
    }

    public RecipeTrial {
        endChecks = List.copyOf(endChecks);
    }

    /** A trial whose workload's knobs are already described. */
    public RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
            List<String> workloadKnobs, List<EndCheck> endChecks) {
        this(swarm, faults, installer, settle, checks, described(workloadKnobs), endChecks);
    }

    /** A trial without end checks. */
    public RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
            List<String> workloadKnobs) {
        this(swarm, faults, installer, settle, checks, described(workloadKnobs), List.of());
    }

    /**
     * A trial without end checks whose workload's knobs are described only when {@link
     * #knobs()} is asked; the supplier must only format values the seed already drew.
     */
    public RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
            Supplier<List<String>> workloadKnobs) {
        this(swarm, faults, installer, settle, checks, workloadKnobs, List.of());
    }

    private static Supplier<List<String>> described(List<String> lines) {
        List<String> copy = List.copyOf(lines);
        return () -> copy;
    }

    @Override
    public EnsembleConfig ensemble() {
        return swarm.config();
    }

    @Override
    public void install(Ensemble ensemble, HistoryRecorder history) {
        installer.install(ensemble, history);
    }

    @Override
    public List<Checker> checkers(long healTime, long endTime) {
        return checks.checkers(healTime, endTime);
    }

    @Override
    public void verifyEnd(Ensemble ensemble) {
        endChecks.forEach(check -> check.verify(ensemble));
    }

    @Override
    public List<String> knobs() {
        List<String> lines = new ArrayList<>(swarm.describe());
        lines.add("faults: " + faults.minFaults() + " to " + faults.maxFaults() + " of " + faults.kinds());
        lines.addAll(workloadKnobs.get());
        return lines;
    }
}
