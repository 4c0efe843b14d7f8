package dev.zksim.official.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Testkit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A recipe's simulated threads end with the run: a lock whose acquire never returns leaves
 * its threads parked when the run is over, and the runner's end-of-run clean-up interrupts
 * them and runs them out, so that no parked thread (and the simulation it holds) outlives it.
 */
class RunEndTest {

    @Test
    void threadsStillBlockedWhenTheRunEndsAreEnded() {
        List<Thread> blocked = new ArrayList<>();
        ScenarioCatalog catalog = new ScenarioCatalog("official-tests").add(Testkit.lock("official-stuck",
                OfficialTestkit.lock(client -> new BlockingLock() {
                    @Override
                    public long acquire() throws InterruptedException {
                        blocked.add(Thread.currentThread());
                        new CountDownLatch(1).await();
                        return 0;
                    }

                    @Override
                    public void release() {
                    }
                })).noGiveUps().build());
        RunOutcome outcome = new ScenarioRunner(catalog).run(RunSpec.of("official-stuck", 1), null);
        assertThat(outcome.failureKind()).contains(FailureKind.LIVENESS_TIMEOUT);
        assertThat(blocked).isNotEmpty();
        assertThat(blocked).noneMatch(Thread::isAlive);
    }
}
