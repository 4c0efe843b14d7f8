package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.LockScenarios;
import dev.zksim.kernel.FailureKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A recipe whose stage fails with a bug of its own (a NullPointerException in a callback) ends
 * the run as a crash of the code under test that names the call and the place; one that
 * fails with an exception recipes throw on purpose does not. Before, every failure of a call
 * that was not a ZooKeeper error was an unknown outcome, and a lock whose every acquisition
 * threw passed.
 */
class ThrowingRecipeTest {

    /** zksim's lock, whose third acquisition by the same caller fails with what {@code thrown} makes. */
    private static LockUnderTest.Factory lockFailingItsThirdAcquisition(Supplier<RuntimeException> thrown) {
        return (client, events) -> {
            LockUnderTest lock = LockScenarios.EXCLUSIVE.create(client, events);
            return new LockUnderTest() {
                private int acquisitions;

                @Override
                public CompletionStage<Long> acquire() {
                    if (++acquisitions != 3) {
                        return lock.acquire();
                    }
                    // Gives the grant back first, so that the failed acquisition holds nothing.
                    return lock.acquire().thenCompose(token -> lock.release()).thenApply(released -> {
                        throw thrown.get();
                    });
                }

                @Override
                public CompletionStage<Void> release() {
                    return lock.release();
                }
            };
        };
    }

    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("throwing")
            .add(Testkit.lock("npe-lock", lockFailingItsThirdAcquisition(() -> new NullPointerException("token")))
                    .noFaults().build())
            .add(Testkit.lock("state-lock", lockFailingItsThirdAcquisition(() -> new IllegalStateException("closed")))
                    .noFaults().build());

    private static final ScenarioRunner RUNNER = new ScenarioRunner(CATALOG);

    @Test
    void aStageThatFailsWithANullPointerExceptionEndsTheRunNamingTheCallAndThePlace() {
        RunOutcome outcome = RUNNER.run(RunSpec.of("npe-lock", 1));
        assertThat(outcome.failureKind()).contains(FailureKind.SIMULATOR_CRASH);
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains(" ACQUIRE (#")
                .contains("threw java.lang.NullPointerException: token at dev.zksim.testkit.ThrowingRecipeTest")
                .contains("a bug of the code under test");
    }

    @Test
    void aStageThatFailsWithAnIllegalStateExceptionIsTheCallsOutcome() {
        RunOutcome outcome = RUNNER.run(RunSpec.of("state-lock", 1));
        assertThat(outcome.failure()).isEmpty();
    }
}
