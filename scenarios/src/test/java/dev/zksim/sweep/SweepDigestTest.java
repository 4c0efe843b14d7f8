package dev.zksim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * A sweep skips the trace digest (and the record of draws) of the seeds that pass and computes
 * it for the ones that do not, whose reproduce lines carry it; asked for every digest, it
 * computes them all, and the verdicts are the same either way.
 */
class SweepDigestTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();
    private static final ScenarioRunner RUNNER = new ScenarioRunner(CATALOG);

    private static SweepResult sweep(String scenario, boolean everyDigest) {
        SweepConfig config = new SweepConfig(scenario, 0, 8, 0, 1, 1, null, null, false, 60_000);
        Sweep sweep = new Sweep(RUNNER);
        return (everyDigest ? sweep.digestingEverySeed() : sweep).run(config, (done, total, failures, rate) -> { });
    }

    @Test
    void passingSeedsSkipTheDigestUnlessEveryDigestIsAskedFor() {
        SweepResult quick = sweep("lock-basic", false);
        SweepResult full = sweep("lock-basic", true);
        assertThat(quick.findings()).isEmpty();
        assertThat(quick.digests().values()).containsOnly(ScenarioRunner.NO_DIGEST);
        assertThat(full.digests().values()).doesNotContain(ScenarioRunner.NO_DIGEST).hasSize(8);
        assertThat(full.digests().get(3L)).isEqualTo(RUNNER.run(RunSpec.of("lock-basic", 3)).digest());
    }

    @Test
    void aPassingSeedsFirstPassKeepsNoDrawsButRunsTheSameRun() {
        for (long seed = 0; seed < 4; seed++) {
            RunOutcome quick = RUNNER.runDigestingFailures(RunSpec.of("lock-basic", seed));
            RunOutcome full = RUNNER.run(RunSpec.of("lock-basic", seed));
            assertThat(quick.failed()).isFalse();
            assertThat(quick.choices().size()).isZero();
            assertThat(full.choices().size()).isPositive();
            assertThat(quick.events()).isEqualTo(full.events());
            assertThat(quick.history().ops()).isEqualTo(full.history().ops());
            assertThat(quick.goalsReached()).isEqualTo(full.goalsReached());
        }
    }

    @Test
    void aFailingSeedComesBackWithEveryDrawForTheShrinker() {
        RunOutcome failing = RUNNER.runDigestingFailures(RunSpec.of("canary-no-recheck-lock", 1));
        RunOutcome full = RUNNER.run(RunSpec.of("canary-no-recheck-lock", 1));
        assertThat(failing.failed()).isTrue();
        assertThat(failing.digest()).isEqualTo(full.digest());
        assertThat(failing.choices().asMap()).containsOnlyKeys(full.choices().asMap().keySet());
        assertThat(failing.choices().size()).isEqualTo(full.choices().size()).isPositive();
    }

    @Test
    void aFindingCarriesTheDigestItsLineReplaysWith() {
        SweepResult quick = sweep("canary-no-recheck-lock", false);
        SweepResult full = sweep("canary-no-recheck-lock", true);
        assertThat(quick.findings()).isNotEmpty();
        assertThat(quick.findings().keySet()).isEqualTo(full.findings().keySet());
        for (SeedResult finding : quick.findings().values()) {
            ReproLine line = ReproLine.parse(finding.reproLine());
            RunOutcome replay = RUNNER.run(line.spec());
            assertThat(line.matches(replay.digest())).as("seed " + finding.seed()).isTrue();
            assertThat(finding.digest()).isEqualTo(full.findings().get(finding.seed()).digest());
        }
    }
}
