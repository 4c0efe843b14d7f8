package dev.zksim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ScalingSweepTest {

    @Test
    void oneAndTwoThreadsRunTheSameSeedsToTheSameDigestsAndReportBothRates() {
        // Enough seeds that each half takes several ticks of the process CPU clock (10 ms on
        // Linux): with 12, a warm JVM ran the two-thread half within one tick and read 0.
        SweepConfig config = new SweepConfig("lock-basic", 0, 60, 0, 1, 1, null, null, false);
        ScalingSweep.Scaling scaling = new ScalingSweep(new Sweep(new ScenarioRunner(Catalog.standard())))
                .run(config, (done, total, failures, rate) -> { });
        assertThat(scaling.oneThread().seedsRun()).isEqualTo(60);
        assertThat(scaling.twoThreads().seedsRun()).isEqualTo(60);
        assertThat(scaling.sameDigests()).isTrue();
        assertThat(scaling.speedup()).isPositive();
        assertThat(scaling.oneThreadCpuPerSeed()).isPositive();
        assertThat(scaling.twoThreadsCpuPerSeed()).isPositive();
        assertThat(scaling.describe()).matches("lock-basic scaling: 1 thread [0-9.]+ seeds/s \\([0-9.]+ CPU s/seed\\), "
                + "2 threads [0-9.]+ seeds/s \\([0-9.]+ CPU s/seed\\), [0-9.]+x, same digests");
    }

    @Test
    void digestsThatDifferBetweenThreadCountsAreReportedAsNondeterminism() {
        TreeMap<Long, String> one = new TreeMap<>();
        one.put(1L, "aa");
        TreeMap<Long, String> two = new TreeMap<>();
        two.put(1L, "bb");
        ScalingSweep.Scaling scaling = new ScalingSweep.Scaling(
                new SweepResult("x", 1, 0, 10, 100, new TreeMap<>(), one, Optional.empty(), false),
                new SweepResult("x", 1, 0, 10, 50, new TreeMap<>(), two, Optional.empty(), false));
        assertThat(scaling.sameDigests()).isFalse();
        assertThat(scaling.speedup()).isEqualTo(2.0);
        assertThat(scaling.describe()).contains("DIFFERENT DIGESTS");
    }

    @Test
    void cpuPerSeedIsTheSweepsCpuTimeOverItsSeeds() {
        ScalingSweep.Scaling scaling = new ScalingSweep.Scaling(
                new SweepResult("x", 4, 0, 10, 100, new TreeMap<>(), new TreeMap<>(), Optional.empty(), false),
                new SweepResult("x", 4, 0, 10, 50, new TreeMap<>(), new TreeMap<>(), Optional.empty(), false),
                2_000_000_000L, 3_000_000_000L);
        assertThat(scaling.oneThreadCpuPerSeed()).isEqualTo(0.5);
        assertThat(scaling.twoThreadsCpuPerSeed()).isEqualTo(0.75);
        assertThat(scaling.describe()).contains("(0.5000 CPU s/seed)").contains("(0.7500 CPU s/seed)");
    }
}
