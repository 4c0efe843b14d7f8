package dev.zksim.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The vs-real workloads finish on both sides, and the same code drives both. */
class BenchWorkloadTest {

    @Test
    void theLockWaitsForItsPredecessorInSequenceOrder() {
        assertThat(BenchWorkload.predecessorOf(List.of("n-0000000003", "n-0000000001", "n-0000000002"), "n-0000000003"))
                .isEqualTo("n-0000000002");
        assertThat(BenchWorkload.predecessorOf(List.of("n-0000000003", "n-0000000001"), "n-0000000001")).isNull();
        // Nodes above mine are never the predecessor, however they are listed.
        assertThat(BenchWorkload.predecessorOf(
                List.of("n-0000000007", "n-0000000002", "n-0000000005", "n-0000000009", "n-0000000004"), "n-0000000005"))
                .isEqualTo("n-0000000004");
        assertThatThrownBy(() -> BenchWorkload.predecessorOf(List.of("n-0000000001"), "n-0000000009"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyWorkloadFinishesOnTheSimulatedEnsembleAndTakesSimulatedTime() {
        for (BenchWorkload.Kind kind : BenchWorkload.Kind.values()) {
            VsRealConfig config = new VsRealConfig(3, 5, 4, kind);
            Ensemble ensemble = SimSide.elected(config, 7, true);
            long virtual = SimSide.run(ensemble, SimSide.connect(ensemble, config.clients()), config);
            assertThat(virtual).as(kind.label()).isPositive();
            ensemble.checks().verifyNow();
        }
    }

    @Test
    void theLockWorkloadFinishesOnARealZooKeeperAndCanRunAgainOnTheSameEnsemble() throws Exception {
        VsRealConfig config = new VsRealConfig(1, 3, 3, BenchWorkload.Kind.LOCK);
        try (RealEnsemble ensemble = RealRun.start(config)) {
            for (int run = 0; run < 2; run++) {
                List<RealZooKeeperClient> clients = RealRun.connect(ensemble, config);
                try {
                    RealRun.run(clients, config);
                } finally {
                    RealRun.close(clients);
                }
            }
        }
    }

    @Test
    void configurationsParseAndBadOnesAreOneLineErrors() {
        assertThat(VsRealConfig.parse("3/10/20")).isEqualTo(new VsRealConfig(3, 10, 20, BenchWorkload.Kind.LOCK));
        assertThat(VsRealConfig.parse("5/50/10:write-heavy").spec()).isEqualTo("5/50/10:write-heavy");
        assertThatThrownBy(() -> VsRealConfig.parse("2/10/20")).hasMessageContaining("1, 3, 5 or 7 servers");
        assertThatThrownBy(() -> VsRealConfig.parse("3/x/20")).hasMessageContaining("servers/clients/rounds");
        assertThatThrownBy(() -> VsRealConfig.parse("3/10/20:scan")).hasMessageContaining("unknown workload 'scan'");
    }

    @Test
    void reportLinesNameTheModeAndGiveTheRatioAsANumberFollowedByX() {
        String line = VsReal.line(new VsRealConfig(3, 10, 20, BenchWorkload.Kind.LOCK), "warm", 1_320_000_000L, 1_200_000L,
                900_000L);
        assertThat(line).matches("3/10/20 +lock +warm +real +1\\.32 s +zksim +1\\.2 ms +1100x +750 virtual s/s");
    }
}
