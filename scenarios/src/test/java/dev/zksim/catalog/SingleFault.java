package dev.zksim.catalog;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import java.util.List;

/**
 * A scenario with its fault profile replaced by one fault of one kind at one instant: instant i
 * of {@link #INSTANTS} lies at i/(INSTANTS-1) of the scenario's own fault window, the target
 * drawn by the seed. The single-fault sweep and the seeds it once found share it.
 */
record SingleFault(Scenario inner, FaultKind kind, int instant) implements Scenario {
    /** How many instants the sweep spreads one fault over. */
    static final int INSTANTS = 4;

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public String title() {
        return inner.title();
    }

    @Override
    public Trial prepare(Choices knobs) {
        Trial trial = inner.prepare(knobs);
        FaultProfile own = trial.faults();
        long at = own.windowStart() + (own.windowEnd() - own.windowStart()) * instant / (INSTANTS - 1);
        List<String> aim = own.aimAt().isEmpty() ? List.of("create", "getChildren", "exists", "getData", "setData",
                "delete") : own.aimAt();
        FaultProfile one = new FaultProfile(List.of(kind), 1, 1, at, at, own.minOutage(), own.maxOutage(), aim);
        return new Trial() {
            public EnsembleConfig ensemble() {
                return trial.ensemble();
            }

            public FaultProfile faults() {
                return one;
            }

            public void install(Ensemble ensemble, HistoryRecorder history) {
                trial.install(ensemble, history);
            }

            public long settle() {
                return trial.settle();
            }

            public List<Checker> checkers(long healTime, long endTime) {
                return trial.checkers(healTime, endTime);
            }

            public List<String> knobs() {
                return trial.knobs();
            }

            public void verifyEnd(Ensemble ensemble) {
                trial.verifyEnd(ensemble);
            }
        };
    }
}
