package dev.zksim.official.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.LockScenario;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * An official-client call of the code under test that throws a bug of its own ends the run as
 * a crash that says where it threw, instead of passing as a call whose outcome a fault left
 * unknown; exceptions that code throws on purpose still count as such outcomes.
 */
class ThrowingOfficialRecipeTest {
    /** A sound lock whose third acquisition by the same caller throws what {@code thrown} makes. */
    private static LockScenario lockThatThrowsOnItsThirdAcquisition(String id, RuntimeException thrown) {
        return Testkit.lock(id, OfficialTestkit.lock(client -> new BlockingLock() {
            private final EphemeralMutex mutex = new EphemeralMutex(client::zk, "/mutex", false);
            private int acquisitions;

            @Override
            public long acquire() throws Exception {
                long token = mutex.acquire();
                if (++acquisitions == 3) {
                    // Gives the grant back first, so that the failed acquisition holds nothing.
                    mutex.release();
                    throw thrown;
                }
                return token;
            }

            @Override
            public void release() throws Exception {
                mutex.release();
            }
        })).noFaults();
    }

    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("programming-errors")
            .add(lockThatThrowsOnItsThirdAcquisition("npe-lock", new NullPointerException("token")).build())
            .add(lockThatThrowsOnItsThirdAcquisition("state-lock", new IllegalStateException("closed")).build());

    private static final ScenarioRunner RUNNER = new ScenarioRunner(CATALOG);

    @Test
    void aCallThatThrowsANullPointerExceptionEndsTheRunSayingWhere() {
        RunOutcome outcome = RUNNER.run(RunSpec.of("npe-lock", 1));
        assertThat(outcome.failureKind()).contains(FailureKind.SIMULATOR_CRASH);
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("died with java.lang.NullPointerException: token")
                .contains(" at dev.zksim.official.testkit.ThrowingOfficialRecipeTest");
    }

    @Test
    void aCallThatThrowsAnIllegalStateExceptionIsAnOutcomeTheWorkloadRecords() {
        RunOutcome outcome = RUNNER.run(RunSpec.of("state-lock", 1));
        assertThat(outcome.failureKind()).isEmpty();
    }
}
