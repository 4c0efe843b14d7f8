package dev.zksim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A random sweep, like an exploration, says which of its scenario's goals some seed reached and which none did. */
class SweepGoalsTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @Test
    void aSweepListsTheGoalsItReachedAndThoseItNeverReached() {
        SweepConfig config = new SweepConfig("lock-basic", 0, 6, 0, 1, 1, null, null, false, 60_000);
        SweepResult result = new Sweep(new ScenarioRunner(CATALOG)).run(config, (done, total, failures, rate) -> { });
        List<String> declared = CATALOG.find("lock-basic").goals().stream().map(Goal::name).toList();
        assertThat(result.goalsReached()).contains("two clients wanted the lock at once");
        assertThat(result.goalsMissed()).isNotEmpty().doesNotContainAnyElementsOf(result.goalsReached());
        List<String> both = new ArrayList<>(result.goalsReached());
        both.addAll(result.goalsMissed());
        assertThat(both).containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void theJsonSummaryKeepsTheGoalsAndMergeJoinsShards(@TempDir Path folder) throws IOException {
        SweepSummary first = new SweepSummary("lock-basic", 0, 10, 0, 2, 5, 0, 0, 100, 10, false,
                List.of("a", "b", "c"), List.of("b"));
        SweepSummary second = new SweepSummary("lock-basic", 0, 10, 1, 2, 5, 0, 0, 100, 10, false,
                List.of("a", "b", "c"), List.of("a"));
        assertThat(first.goalsMissed()).containsExactly("a", "c");
        SweepSummary read = SweepSummary.fromJson(FlatJson.read(FlatJson.write(first.toJson())));
        assertThat(read).isEqualTo(first);
        SweepSummary old = SweepSummary.fromJson(FlatJson.read(FlatJson.write(new SweepSummary("x", 0, 1, 0, 1, 1, 0, 0, 1,
                1, false).toJson())));
        assertThat(old.goalsReached()).isEmpty();
        Path file = folder.resolve("results.jsonl");
        Files.write(file, List.of(FlatJson.write(first.toJson()), FlatJson.write(second.toJson())));
        MergedResults merged = new MergedResults();
        merged.read(file);
        assertThat(merged.report()).contains("lock-basic: goals reached: a; b", "lock-basic: goals never reached: c");
    }
}
