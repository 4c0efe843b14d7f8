package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * A recipe that refuses every request is safe in every way a history can show: a lock that
 * never grants has no overlap, no stale token, no herd, and every acquisition completed (as a
 * failure); a queue that refuses every offer never loses, duplicates or reorders an item.
 * Before the rule that a client still refused a bound after the heal fails the run, both
 * passed every seed; the workloads ask again after each failure, so only a recipe that
 * refuses for good trips the rule.
 */
class RefusesForGoodTest {
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

    /** Refuses with a definite error: the item is certainly not in the queue. */
    private static final QueueUnderTest.Factory NEVER_ENQUEUES = client -> new QueueUnderTest() {
        @Override
        public CompletionStage<Void> offer(String item, int priority) {
            return CompletableFuture.failedFuture(KeeperException.create(KeeperException.Code.NONODE, "/queue"));
        }

        @Override
        public CompletionStage<String> take() {
            return new CompletableFuture<>();
        }
    };

    @Test
    void aQueueThatRefusesEveryOfferFailsTheRun() {
        ScenarioCatalog catalog = new ScenarioCatalog().add(Testkit.fifoQueue("never-enqueues", NEVER_ENQUEUES)
                .noFaults().build());
        SimulationFailure failure = new ScenarioRunner(catalog).run(RunSpec.of("never-enqueues", 1)).failure().orElseThrow();
        assertThat(failure.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(failure.getMessage()).contains("offers succeed after the heal");
    }

    @Test
    void aLockThatNeverGrantsFailsTheRun() {
        ScenarioCatalog catalog = new ScenarioCatalog().add(Testkit.lock("never-grants", NEVER_GRANTS).noFaults().build());
        SimulationFailure failure = new ScenarioRunner(catalog).run(RunSpec.of("never-grants", 1)).failure().orElseThrow();
        assertThat(failure.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(failure.getMessage()).contains("acquisitions succeed after the heal");
    }
}
