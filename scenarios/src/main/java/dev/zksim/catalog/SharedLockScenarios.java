package dev.zksim.catalog;

import dev.zksim.testkit.CatalogScenario;
import dev.zksim.testkit.RecipeTrial;
import dev.zksim.testkit.Bounds;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencedResource;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.RevocationChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.revocable.RevocableLock;
import dev.zksim.recipes.revocable.Revoker;
import dev.zksim.recipes.rwlock.ReadWriteLock;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.LockWorkload;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;

/** The read/write lock and the revocable lock. */
public final class SharedLockScenarios {
    private static final String RW_DIR = "/rw";
    private static final String REVOCABLE_DIR = "/revocable";

    private SharedLockScenarios() {
    }

    public static Scenario readWrite() {
        LockUnderTest.Factory read = RecipeLocks.of((zk, states, guid, l) ->
                new ReadWriteLock(zk, states, RW_DIR, guid).readLock(l));
        LockUnderTest.Factory write = RecipeLocks.of((zk, states, guid, l) ->
                new ReadWriteLock(zk, states, RW_DIR, guid).writeLock(l));
        return Testkit.readWriteLock("rwlock", ReadWriteLockScenario.Factory.of(read, write))
                .title("Read/write lock: readers share, writers exclude everyone, under random faults").build();
    }

    public static Scenario revocable() {
        return new CatalogScenario("revocable-lock", "Revocable lock: holders give the lock up when asked, under random faults",
                knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
                    int clients = knobs.intIn(2, 4);
                    // Long holds, so that most revocation requests find a holder to ask.
                    LockWorkload.Plan plan = new LockWorkload.Plan(knobs.intIn(2, 4), Time.millis(200), Time.millis(300),
                            Time.seconds(2), Time.millis(50), 0);
                    long grace = Time.millis(swarm.config().sessionTimeoutMs()) + Time.seconds(1);
                    long bound = Bounds.afterHeal(swarm, clients * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
                    FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(4));
                    LockUnderTest.Factory factory = RecipeLocks.of((zk, states, guid, l) ->
                            new RevocableLock(zk, states, REVOCABLE_DIR, guid, RevocableLock.Mode.WRITE, l));
                    RecipeTrial.Installer installer = (ensemble, history) -> {
                        FencedResource resource = new FencedResource(history);
                        for (int i = 0; i < clients; i++) {
                            Workloads.add(ensemble, new LockWorkload(factory, plan, new ClientLog(history), resource));
                        }
                        Workloads.add(ensemble, new ScriptClient(new ClientLog(history), revoker(knobs.intIn(1, 4))));
                    };
                    RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.locks(),
                            new FencingChecker(), RevocationChecker.cooperative(grace),
                            new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.REVOKE));
                    return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                            "clients: " + clients, "rounds: " + plan.rounds(), "revocation grace: " + Time.format(grace),
                            "liveness bound: " + Time.format(bound)));
                });
    }

    /** A client that, a few times, asks the current lowest holder to give the lock up. */
    private static ScriptClient.Script revoker(int requests) {
        int[] made = {0};
        return session -> revokeLater(session, new Revoker(session.zk()), made, requests);
    }

    private static void revokeLater(ScriptClient.Session session, Revoker revoker, int[] made, int requests) {
        if (made[0] >= requests) {
            return;
        }
        session.after(session.context().choices().longIn(Time.millis(300), Time.seconds(2)), () ->
                revoker.holders(REVOCABLE_DIR).whenComplete((holders, error) -> {
                    if (error == null && !holders.isEmpty()) {
                        made[0]++;
                        String node = holders.getFirst();
                        String name = node.substring(node.lastIndexOf('/') + 1);
                        String holder = name.substring(0, name.indexOf('i'));
                        session.record(OpKind.REVOKE, Value.of(holder), revoker.requestRelease(node), ok -> Value.of(holder),
                                ok -> { });
                    }
                    revokeLater(session, revoker, made, requests);
                }));
    }
}
