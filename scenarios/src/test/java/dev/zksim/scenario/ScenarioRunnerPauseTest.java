package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.Time;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioRunnerPauseTest {
    private final ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
    private final RunSpec spec = RunSpec.of("ensemble-random-ops", 7);

    @Test
    void pausingToLookDoesNotChangeTheRun() {
        RunOutcome plain = runner.run(spec);
        List<Long> pausedAt = new ArrayList<>();
        List<String> leaders = new ArrayList<>();
        RunOutcome paused = runner.run(spec, null, new ScenarioRunner.Pause(Time.millis(6_500), ensemble -> {
            pausedAt.add(ensemble.simulation().now());
            leaders.add(ensemble.leader().orElse("none"));
        }));
        assertThat(pausedAt).containsExactly(Time.millis(6_500));
        assertThat(leaders).singleElement().asString().startsWith("s");
        assertThat(paused.digest()).isEqualTo(plain.digest());
        assertThat(paused.events()).isEqualTo(plain.events());
    }

    @Test
    void aPauseAfterTheEndIsNeverCalled() {
        List<Long> calls = new ArrayList<>();
        RunOutcome outcome = runner.run(spec, null, new ScenarioRunner.Pause(Time.seconds(100_000), ensemble -> calls.add(1L)));
        assertThat(calls).isEmpty();
        assertThat(outcome.failed()).isFalse();
    }
}
