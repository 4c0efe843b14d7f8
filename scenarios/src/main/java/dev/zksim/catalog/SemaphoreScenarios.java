package dev.zksim.catalog;

import dev.zksim.testkit.Profiles;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.recipes.semaphore.LeakySemaphore;
import dev.zksim.recipes.semaphore.LeaseSemaphore;
import dev.zksim.recipes.semaphore.OverCountingSemaphore;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.SemaphoreScenario;
import dev.zksim.testkit.Testkit;
import java.util.List;

/** The lease semaphore's scenario and its two canaries, built on the testkit like a user's. */
public final class SemaphoreScenarios {
    private static final String DIR = "/semaphore";
    /** zksim's lease semaphore, as the testkit takes it. */
    public static final SemaphoreScenario.Factory LEASES = (client, permits, events) -> RecipeLocks.of(
            (zk, states, guid, listener) -> new LeaseSemaphore(zk, states, DIR, permits, guid, listener))
            .create(client, events);

    private SemaphoreScenarios() {
    }

    public static Scenario semaphore() {
        return Testkit.semaphore("semaphore", LEASES)
                .title("Semaphore: clients share 1 to 3 leases under random faults; no lease leaks").build();
    }

    /** Leases that outlive their session: a crashed or expired holder's lease never comes back. */
    public static Scenario leakyCanary() {
        return Testkit.semaphore("canary-semaphore-leaky", (client, permits, events) -> RecipeLocks.of(
                        (zk, states, guid, listener) -> new LeakySemaphore(zk, states, DIR, permits, guid, listener))
                        .create(client, events))
                .title("Canary: a semaphore whose leases are persistent leaks the lease of a crashed holder")
                .servers(1, 3).permits(1, 2).clients(2, 4).rounds(2, 3).hold(Time.millis(300), Time.millis(800))
                .noGiveUps()
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.CRASH_CLIENT, FaultKind.EXPIRE_SESSION))
                .build();
    }

    /** An off-by-one rule: N + 1 holders at once. */
    public static Scenario overCountingCanary() {
        return Testkit.semaphore("canary-semaphore-over-count", (client, permits, events) -> RecipeLocks.of(
                        (zk, states, guid, listener) -> new OverCountingSemaphore(zk, states, DIR, permits, guid,
                                listener)).create(client, events))
                .title("Canary: a semaphore that counts its own rank wrong admits N + 1 holders")
                .servers(1, 3).permits(1, 2).clients(4, 5).rounds(2, 2).hold(Time.millis(200), Time.millis(400))
                .noGiveUps().faults(0, 1, Time.seconds(2), Profiles.withoutPausedClients())
                .build();
    }
}
