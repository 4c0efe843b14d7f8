package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.nemesis.FaultKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An opt-in soak of the simulated ensemble, not run in CI: random operations under exactly
 * one fault of each kind, and under exactly two faults of each pair of kinds, anywhere in the
 * scenario's fault window, for {@code zksim.soak.seeds} seeds each (from
 * {@code zksim.soak.first}, default 100000). Every run must end with the replicas converged
 * and a leader, and the ensemble's self-checks must hold throughout. Run it with
 * {@code mvn -pl scenarios -am test -Dtest=EnsembleSoakTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dzksim.soak.seeds=200}; each failure prints a {@code ./zksim run} line that replays it.
 */
@EnabledIfSystemProperty(named = "zksim.soak.seeds", matches = "\\d+")
class EnsembleSoakTest {
    private static final String SCENARIO = "ensemble-random-ops";
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    static Stream<Arguments> singleKinds() {
        return Stream.of(FaultKind.values()).map(kind -> Arguments.of(List.of(kind), 1));
    }

    static Stream<Arguments> pairsOfKinds() {
        List<Arguments> pairs = new ArrayList<>();
        FaultKind[] kinds = FaultKind.values();
        for (int a = 0; a < kinds.length; a++) {
            for (int b = a; b < kinds.length; b++) {
                pairs.add(Arguments.of(a == b ? List.of(kinds[a]) : List.of(kinds[a], kinds[b]), 2));
            }
        }
        return pairs.stream();
    }

    @ParameterizedTest(name = "{0} x{1}")
    @MethodSource({"singleKinds", "pairsOfKinds"})
    void theEnsembleConvergesUnderThisMixOfFaults(List<FaultKind> kinds, int count) {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(ReplacedFaults.mix(CATALOG.find(SCENARIO), kinds,
                count)));
        assertThat(failingRuns(runner, SCENARIO)).as("%s x%d", kinds, count).isEmpty();
    }

    /** Runs the soak's seeds of one scenario; a {@code ./zksim run} line for each failure. */
    static List<String> failingRuns(ScenarioRunner runner, String scenario) {
        long first = Long.getLong("zksim.soak.first", 100_000);
        long seeds = Long.getLong("zksim.soak.seeds");
        List<String> failures = new ArrayList<>();
        for (long seed = first; seed < first + seeds; seed++) {
            RunOutcome outcome = runner.run(RunSpec.of(scenario, seed));
            outcome.failure().ifPresent(failure -> failures.add("./zksim run " + scenario + " --seed " + outcome.spec().seed()
                    + " --faults \"" + outcome.plan() + "\"  # " + failure.getMessage()));
        }
        return failures;
    }
}
