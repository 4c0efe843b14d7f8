package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.FailureKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * A mutual-exclusion violation is shrunk on runs that stop at the violation: few runs, a
 * minimal case with the same failure at the same kind of moment, and a reproduce line that
 * replays in full with its digest.
 */
class PrefixShrinkTest {
    private final ScenarioRunner runner = new ScenarioRunner(Catalog.standard());

    @Test
    void aRunStoppedAtItsFirstViolationFailsAsTheWholeRunDoes() {
        RunOutcome whole = runner.run(RunSpec.of("canary-no-recheck-lock", 1));
        RunOutcome prefix = runner.stoppingAtFirstViolation().run(RunSpec.of("canary-no-recheck-lock", 1));
        assertThat(whole.failureKind()).contains(FailureKind.SAFETY_VIOLATION);
        // The same grant at the same instant; only the end of the other hold lies beyond the prefix.
        String cut = prefix.failure().orElseThrow().getMessage();
        assertThat(cut).endsWith(" and never stopped");
        assertThat(whole.failure().orElseThrow().getMessage()).startsWith(cut.substring(0, cut.length() - " and never stopped".length()));
        assertThat(prefix.simulatedTime()).isLessThan(whole.simulatedTime());
        assertThat(prefix.choices().size()).isLessThan(whole.choices().size());
    }

    @Test
    void anExclusionViolationShrinksInAFewDozenRunsAndItsLineReplays() {
        RunOutcome failing = runner.run(RunSpec.of("canary-no-recheck-lock", 1));
        Shrinker shrinker = new Shrinker(runner, 400);
        RunOutcome minimal = shrinker.shrink(failing);
        assertThat(minimal.failureKind()).contains(FailureKind.SAFETY_VIOLATION);
        assertThat(minimal.choices().size()).isLessThan(failing.choices().size() / 10);
        assertThat(shrinker.runs()).isLessThan(100);
        RunOutcome replay = runner.run(minimal.spec());
        assertThat(replay.digest()).isEqualTo(minimal.digest());
        assertThat(replay.failure().orElseThrow().getMessage()).isEqualTo(minimal.failure().orElseThrow().getMessage());
    }
}
