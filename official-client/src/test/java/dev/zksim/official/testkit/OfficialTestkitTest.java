package dev.zksim.official.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * An official-client lock in the testkit's standard lock scenario: the correct one passes
 * under faults (sessions expire, processes crash, waiters give up), and one that overwrites
 * the holder's node is caught as a safety violation.
 */
public class OfficialTestkitTest {
    /** The official-client lock and its canary in the standard lock scenario (also for DeterminismTest). */
    public static final ScenarioCatalog CATALOG = new ScenarioCatalog("official-tests")
            .add(Testkit.lock("official-mutex",
                    OfficialTestkit.lock(client -> new EphemeralMutex(client::zk, "/mutex", false))).build())
            .add(Testkit.lock("official-overwriting-mutex",
                    OfficialTestkit.lock(client -> new EphemeralMutex(client::zk, "/mutex", true))).build());

    @Test
    void anOfficialClientLockPassesTheStandardLockScenario() {
        new Seeds(1, 100).check(CATALOG, "official-mutex");
    }

    @Test
    void anOfficialClientLockThatOverwritesTheHolderIsCaught() {
        PropertyCheck.Counterexample found = new Seeds(1, 200).expectFailure(CATALOG, "official-overwriting-mutex");
        assertThat(found.kind()).as(found.describe()).isEqualTo(FailureKind.SAFETY_VIOLATION);
    }
}
