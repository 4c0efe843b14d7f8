package dev.zksim.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.trace.DeterminismCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeded sweeps of the simulated ensemble under random faults with the self-checks on: every
 * seed must settle, and running it twice must give the same trace digest. The seed count
 * can be raised with -Dzksim.sweep.seeds=N for a longer soak.
 */
class EnsembleSweepTest {
    private static final int SEEDS = Integer.getInteger("zksim.sweep.seeds", 60);

    @Test
    void standaloneSurvivesRandomFaultsDeterministically() {
        sweep(List.of(1), 0);
    }

    private static void sweep(List<Integer> sizes, long firstSeed) {
        for (long seed = firstSeed; seed < firstSeed + SEEDS; seed++) {
            long current = seed;
            String digest = DeterminismCheck.verify(sink -> RandomOpsRun.run(current, sizes, sink).digest());
            assertThat(digest).as("seed %d", seed).hasSize(64);
        }
    }
}
