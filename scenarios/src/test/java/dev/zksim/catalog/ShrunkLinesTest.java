package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.explore.Explorer;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every canary of the catalogue shrinks to a reproduce line of at most 1,000 characters within
 * the default shrink budget, and that line replays to its digest. Unshrunk, their lines carry
 * thousands of draws (2 to 16 KB). Each canary's first failing seed is used; the one that random
 * seeds never line up (the interleaving canary) comes from the explorer, as a user would get it.
 */
class ShrunkLinesTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();
    private static final int MAX_LINE = 1000;
    /**
     * Every canary that random seeds catch fails within its first 130 seeds; most within a
     * few, canary-rwlock-downgrade-unordered first at seed 120 (its downgrade must meet a
     * writer that queued during the hold), and the search stops at the first failing seed.
     */
    private static final int SEEDS = 130;

    @Test
    void everyCanaryShrinksToALineOfAtMostAThousandCharactersThatReplays() {
        ScenarioRunner runner = new ScenarioRunner(CATALOG);
        List<String> report = new ArrayList<>();
        List<String> canaries = CATALOG.all().stream().map(Scenario::id).filter(id -> id.startsWith("canary-")).toList();
        assertThat(canaries).hasSizeGreaterThan(10);
        for (String canary : canaries) {
            PropertyCheck.Counterexample shrunk = firstFailingSeed(runner, canary)
                    .map(failing -> new PropertyCheck(runner).counterexample(failing, true))
                    .orElseGet(() -> Explorer.builder(CATALOG, canary).strategy(Explorer.Strategy.DFS).deviations(4)
                            .faults(0).runs(5_000).expectFailure());
            String line = shrunk.line().toString();
            report.add(canary + ": " + line.length() + " characters, " + shrunk.shrinkRuns() + " runs");
            assertThat(line).as(canary + " shrunk to " + line).hasSizeLessThanOrEqualTo(MAX_LINE);
            assertThat(shrunk.shrinkRuns()).as(canary).isLessThanOrEqualTo(PropertyCheck.SHRINK_BUDGET + 2);
            RunOutcome replay = runner.run(ReproLine.parse(line).spec());
            assertThat(replay.failureKind()).as(canary).contains(shrunk.kind());
            assertThat(ReproLine.parse(line).matches(replay.digest())).as(canary + " replays to its digest").isTrue();
        }
        System.out.println(String.join(System.lineSeparator(), report));
    }

    private static Optional<RunOutcome> firstFailingSeed(ScenarioRunner runner, String canary) {
        for (long seed = 0; seed < SEEDS; seed++) {
            RunOutcome outcome = runner.runDigestingFailures(RunSpec.of(canary, seed));
            if (outcome.failed()) {
                return Optional.of(outcome);
            }
        }
        return Optional.empty();
    }
}
