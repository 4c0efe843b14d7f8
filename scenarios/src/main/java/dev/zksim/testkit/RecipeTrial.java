package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Trial;
import java.util.ArrayList;
import java.util.List;

/**
 * The trial every recipe scenario of the catalogue prepares: the swarm's ensemble, a fault
 * profile, the workload's installer, the time allowed to settle after the heal, the
 * checkers, the knobs the seed picked (the swarm's first, then the workload's), the checks of
 * the ensemble at the end of the run and what the workload does at the heal.
 */
public record RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
                          List<String> workloadKnobs, List<EndCheck> endChecks, HealHook healHook) implements Trial {

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

    /** What the workload does once every fault has stopped ({@link Trial#healed}). */
    @FunctionalInterface
    public interface HealHook {
        void healed(Ensemble ensemble);

        /** Does nothing: the workload goes on as it was. */
        HealHook NOTHING = ensemble -> {
        };
    }

    public RecipeTrial {
        workloadKnobs = List.copyOf(workloadKnobs);
        endChecks = List.copyOf(endChecks);
    }

    /** A trial whose workload goes on at the heal as it was. */
    public RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
            List<String> workloadKnobs, List<EndCheck> endChecks) {
        this(swarm, faults, installer, settle, checks, workloadKnobs, endChecks, HealHook.NOTHING);
    }

    /** A trial without end checks. */
    public RecipeTrial(SwarmKnobs swarm, FaultProfile faults, Installer installer, long settle, Checks checks,
            List<String> workloadKnobs) {
        this(swarm, faults, installer, settle, checks, workloadKnobs, List.of());
    }

    /** This trial, with {@code hook} run at the heal. */
    public RecipeTrial onHeal(HealHook hook) {
        return new RecipeTrial(swarm, faults, installer, settle, checks, workloadKnobs, endChecks, hook);
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
    public void healed(Ensemble ensemble) {
        healHook.healed(ensemble);
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
        lines.addAll(workloadKnobs);
        return lines;
    }
}
