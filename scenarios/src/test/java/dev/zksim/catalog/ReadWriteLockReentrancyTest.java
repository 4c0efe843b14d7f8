package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.LockWorkload;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 4: re-entrancy where the lock declares it. The catalogue's read/write lock
 * is re-entrant through a hold count and its holders nest acquires; a lock without the count
 * is caught letting go at the nested release, and passes when it does not declare re-entrancy.
 */
class ReadWriteLockReentrancyTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    private static final ScenarioCatalog UNDECLARED = new ScenarioCatalog().add(
            Testkit.readWriteLock("reentrant-uncounted-undeclared", ReadWriteLockScenario.Factory.of(
                    RecipeLocks.reentrantUncountedCanary(SharedLockScenarios.READ, false),
                    RecipeLocks.reentrantUncountedCanary(SharedLockScenarios.WRITE, false))).build());

    @SimulationProperty(seeds = 200)
    void theReentrantReadWriteLockPasses(Seeds seeds) {
        seeds.check(CATALOG, "rwlock");
    }

    /** Seed 4 of the catalogue's canary is the first caught. */
    @SimulationProperty(seeds = 10)
    void aReentrantLockWithoutAHoldCountLetsGoAtTheNestedRelease(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-rwlock-reentrant-uncounted");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("read/write lock exclusion");
    }

    @SimulationProperty(seeds = 100)
    void theSameLockPassesWhenItDoesNotDeclareReentrancy(Seeds seeds) {
        seeds.check(UNDECLARED, "reentrant-uncounted-undeclared");
    }

    /** The step is taken: holders of the catalogue's read/write lock nest acquires and release them. */
    @Test
    void holdersNestAcquires() {
        ScenarioRunner runner = new ScenarioRunner(CATALOG);
        long nested = LongStream.range(0, 10).mapToObj(seed -> runner.run(RunSpec.of("rwlock", seed)))
                .mapToLong(ReadWriteLockReentrancyTest::nestedExits).sum();
        assertThat(nested).isPositive();
    }

    private static long nestedExits(RunOutcome outcome) {
        assertThat(outcome.failure()).isEmpty();
        return outcome.history().ops().stream().filter(op -> op.f().equals(LockWorkload.REEXIT) && op.isOk()).count();
    }
}
