package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.catalog.Catalog;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a property tells its user: a failure with the shrunk line first, stats for the report
 * entries, the failure store, and the wall-clock bound of a seed. (examples/ tests the same
 * through the JUnit launcher, as a user's IDE runs it.)
 */
class PropertyReportingTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @Test
    void aFailureStartsWithTheShrunkLineAndEndsWithTheOriginal(@TempDir Path folder) throws Exception {
        FailureStore store = FailureStore.of(folder, "Some", "property");
        Seeds seeds = new Seeds(0, 5, 1, 0, 1, List.of(), 300, store, new PropertyStats());
        AssertionError failure = (AssertionError) org.assertj.core.api.Assertions.catchThrowable(
                () -> seeds.check(CATALOG, "canary-no-recheck-lock"));
        String[] lines = failure.getMessage().split("\n");
        assertThat(lines[0]).startsWith("reproduce: ./zksim replay zksim4:canary-no-recheck-lock:0:");
        assertThat(lines[1]).startsWith("SAFETY_VIOLATION");
        // The original line: no plan, no choices, then the 16-digit digest and the 8-digit checksum.
        assertThat(lines[lines.length - 1]).matches(
                "  reproduce: \\./zksim replay zksim4:canary-no-recheck-lock:0:-:-:[0-9a-f]{16}:[0-9a-f]{8}");
        assertThat(failure.getMessage()).contains("\noriginal failure, before shrinking:\n");
        assertThat(Files.readString(store.file())).startsWith("canary-no-recheck-lock 0 zksim4:canary-no-recheck-lock:0:");
        assertThat(store.lastFailingSeed("canary-no-recheck-lock")).hasValue(0);
        assertThat(store.lastFailingSeed("lock-basic")).isEmpty();
    }

    @Test
    void theStoreKeepsOneSortedLinePerScenarioAndDeletesItsFileWhenEmpty(@TempDir Path folder) throws Exception {
        FailureStore store = FailureStore.of(folder.resolve("zksim-failures"), "a.B", "c");
        store.remember("zeta", 7, "zksim3:zeta:7:-:-:0000000000000000");
        store.remember("alpha", 1L << 63, "zksim3:alpha:8000000000000000:-:-:0000000000000000");
        assertThat(Files.readAllLines(store.file())).containsExactly(
                "alpha 9223372036854775808 zksim3:alpha:8000000000000000:-:-:0000000000000000",
                "zeta 7 zksim3:zeta:7:-:-:0000000000000000");
        assertThat(store.lastFailingSeed("alpha")).hasValue(1L << 63);
        store.forget("zeta");
        store.forget("alpha");
        assertThat(store.file()).doesNotExist();
        Files.writeString(store.file(), "alpha not-a-seed\n");
        assertThat(store.lastFailingSeed("alpha")).as("a damaged line is no seed").isEmpty();
        assertThat(FailureStore.NONE.lastFailingSeed("alpha")).isEmpty();
    }

    @Test
    void statsListSeedsGoalsAndFaultsInAFixedOrder() {
        PropertyStats stats = new PropertyStats();
        Seeds seeds = new Seeds(3, 4, 1, 0, 1, List.of(), 300, FailureStore.NONE, stats);
        seeds.check(CATALOG, "lock-basic");
        assertThat(stats.runs()).isEqualTo(4);
        assertThat(stats.entries().keySet()).containsExactly("zksim.seeds", "zksim.time", "zksim.goals", "zksim.faults");
        assertThat(stats.entries().get("zksim.seeds")).isEqualTo("4 runs (lock-basic seeds 3..6)");
        assertThat(stats.entries().get("zksim.goals")).startsWith("reached: ");
        assertThat(stats.entries().get("zksim.faults")).doesNotContain("heal").matches("none|[a-z-]+ \\d+(, [a-z-]+ \\d+)*");
    }

    @Test
    void aSeedPastItsWallClockBoundIsARunawayWithItsSpec() {
        PropertyCheck check = new PropertyCheck(new ScenarioRunner(CATALOG)).boundingEachSeed(1);
        assertThatThrownBy(() -> check.check("lock-standard", 0, 1, false)).isInstanceOf(RunawayRun.class)
                .satisfies(thrown -> assertThat(((RunawayRun) thrown).spec().scenario()).isEqualTo("lock-standard"));
        Seeds seeds = new Seeds(0, 1, 1, 0, 1, List.of(), 0, FailureStore.NONE, new PropertyStats());
        seeds.check(CATALOG, "lock-standard");
        assertThatThrownBy(() -> new Seeds(0, 1, 1, 0, 1, List.of(), -1, FailureStore.NONE, new PropertyStats()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
