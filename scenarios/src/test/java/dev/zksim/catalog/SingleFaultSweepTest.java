package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.nemesis.FaultKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
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
 * What keeps the checkers honest: no single fault, at any of several instants across a run,
 * makes a correct recipe fail. Every scenario of the catalogue but the canaries runs with each
 * fault kind alone, struck at {@link ReplacedFaults#INSTANTS} instants spread over the scenario's own fault window, the
 * targets drawn by the seed. A failure here is either a recipe bug or a checker that blames a
 * correct recipe for something ZooKeeper allows; either way it must be fixed by rule.
 */
class SingleFaultSweepTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();
    private static final long SEED = 7;

    static Stream<Arguments> scenariosAndFaults() {
        List<Arguments> cases = new ArrayList<>();
        for (Scenario scenario : CATALOG.all()) {
            if (scenario.id().startsWith("canary-")) {
                continue;
            }
            for (FaultKind kind : FaultKind.values()) {
                cases.add(Arguments.of(scenario.id(), kind));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("scenariosAndFaults")
    void oneFaultAloneNeverFailsACorrectRecipe(String scenario, FaultKind kind) {
        for (int instant = 0; instant < ReplacedFaults.INSTANTS; instant++) {
            Scenario single = ReplacedFaults.single(CATALOG.find(scenario), kind, instant);
            RunOutcome outcome = new ScenarioRunner(new ScenarioCatalog().add(single)).run(RunSpec.of(scenario, SEED + instant));
            assertThat(outcome.failure()).as("%s with %s: plan %s", scenario, kind, outcome.plan()).isEmpty();
        }
    }

    /**
     * The same promise over many seeds, opt-in ({@code -Dzksim.soak.seeds=N}, from
     * {@code zksim.soak.first}, default 100000): the one fault at a seed-drawn instant anywhere
     * in the scenario's window. Each failure prints a {@code ./zksim run} line that replays it.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("scenariosAndFaults")
    @EnabledIfSystemProperty(named = "zksim.soak.seeds", matches = "\\d+")
    void oneFaultAloneAtAnyInstantNeverFailsACorrectRecipe(String scenario, FaultKind kind) {
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(ReplacedFaults.mix(CATALOG.find(scenario),
                List.of(kind), 1)));
        assertThat(EnsembleSoakTest.failingRuns(runner, scenario)).as("%s with one %s", scenario, kind).isEmpty();
    }
}
