package dev.zksim.scenario;

import dev.zksim.history.History;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.nemesis.FaultPlan;
import java.util.List;
import java.util.Optional;

/**
 * How one run ended: the failure if any, the fault plan it ran (generated or fixed), the
 * choices it actually drew (the shrinker's raw material), its trace digest and size, and
 * the history its workload recorded, and the names of the scenario's goals it reached.
 */
public record RunOutcome(
        RunSpec spec,
        Optional<SimulationFailure> failure,
        FaultPlan plan,
        ChoiceLog choices,
        List<String> knobs,
        String digest,
        long events,
        long simulatedTime,
        History history,
        List<String> goalsReached) {

    public boolean failed() {
        return failure.isPresent();
    }

    public Optional<FailureKind> failureKind() {
        return failure.map(SimulationFailure::kind);
    }
}
