package dev.zksim.official.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * Official-client recipes in the testkit's standard lock and semaphore scenarios: the correct
 * ones pass under faults (sessions expire, processes crash, waiters give up), and a lock that
 * overwrites the holder's node and a semaphore that counts then adds are caught as safety
 * violations.
 */
public class OfficialTestkitTest {
    /** The official-client lock and its canary in the standard lock scenario (also for DeterminismTest). */
    public static final ScenarioCatalog CATALOG = new ScenarioCatalog("official-tests")
            .add(Testkit.lock("official-mutex",
                    OfficialTestkit.lock(client -> new EphemeralMutex(client::zk, "/mutex", false))).build())
            .add(Testkit.lock("official-overwriting-mutex",
                    OfficialTestkit.lock(client -> new EphemeralMutex(client::zk, "/mutex", true))).build())
            .add(Testkit.semaphore("official-semaphore", OfficialTestkit.semaphore((client, permits) ->
                    new QueueSemaphore(client::zk, "/leases", client.uniqueName(), permits, false))).build())
            .add(Testkit.semaphore("official-counting-semaphore", OfficialTestkit.semaphore((client, permits) ->
                    new QueueSemaphore(client::zk, "/leases", client.uniqueName(), permits, true))).build());

    @Test
    void anOfficialClientLockPassesTheStandardLockScenario() {
        new Seeds(1, 100).check(CATALOG, "official-mutex");
    }

    @Test
    void anOfficialClientSemaphorePassesTheStandardSemaphoreScenario() {
        new Seeds(1, 100).check(CATALOG, "official-semaphore");
    }

    @Test
    void anOfficialClientSemaphoreThatCountsThenAddsIsCaught() {
        PropertyCheck.Counterexample found = new Seeds(1, 500).expectFailure(CATALOG, "official-counting-semaphore");
        assertThat(found.kind()).as(found.describe()).isEqualTo(FailureKind.SAFETY_VIOLATION);
    }

    @Test
    void anOfficialClientLockThatOverwritesTheHolderIsCaught() {
        PropertyCheck.Counterexample found = new Seeds(1, 200).expectFailure(CATALOG, "official-overwriting-mutex");
        assertThat(found.kind()).as(found.describe()).isEqualTo(FailureKind.SAFETY_VIOLATION);
    }
}
