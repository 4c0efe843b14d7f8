package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * A lock that never grants is safe in every way a history can show: no overlap, no stale
 * token, no herd, every acquisition completed (as a failure). Before the rule that a client
 * still refused a bound after the heal fails the run, it passed every seed; the workload asks
 * again after each failure, so only a lock that refuses for good trips the rule.
 */
class NeverGrantingLockTest {
    private static final LockUnderTest.Factory NEVER_GRANTS = (client, events) -> new LockUnderTest() {
        @Override
        public CompletionStage<Long> acquire() {
            return CompletableFuture.failedFuture(new IllegalStateException("lock service unavailable"));
        }

        @Override
        public CompletionStage<Void> release() {
            return CompletableFuture.completedFuture(null);
        }
    };

    @Test
    void aLockThatNeverGrantsFailsTheRun() {
        ScenarioCatalog catalog = new ScenarioCatalog().add(Testkit.lock("never-grants", NEVER_GRANTS).noFaults().build());
        SimulationFailure failure = new ScenarioRunner(catalog).run(RunSpec.of("never-grants", 1)).failure().orElseThrow();
        assertThat(failure.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(failure.getMessage()).contains("acquisitions succeed after the heal");
    }
}
