package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import org.junit.jupiter.api.Test;

/** The benchmark's invariant column names the kind once and then what broke, without preambles. */
class KnownBugBenchTest {

    @Test
    void aFailureIsDescribedByItsKindAndWhatBroke() {
        assertThat(KnownBugBench.describe(SimulationFailure.safety(Time.seconds(4),
                "ensemble self-check failed: Zab invariants violated: peer 1 truncated committed 0x10")))
                .isEqualTo("SAFETY_VIOLATION: peer 1 truncated committed 0x10");
        assertThat(KnownBugBench.describe(SimulationFailure.safety(Time.seconds(4),
                "ensemble self-check failed: s3 holds ephemerals [/a] of session 0x1, which is closed")))
                .isEqualTo("SAFETY_VIOLATION: s3 holds ephemerals [/a] of session 0x1, which is closed");
        assertThat(KnownBugBench.describe(SimulationFailure.liveness(Time.millis(4086),
                "peer 3 refuses to start\nwaiting: c1")))
                .isEqualTo("LIVENESS_TIMEOUT: peer 3 refuses to start");
    }
}
