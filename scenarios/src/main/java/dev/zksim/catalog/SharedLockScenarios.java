package dev.zksim.catalog;

import dev.zksim.testkit.CustomScenario;
import dev.zksim.testkit.Profiles;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencedResource;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.RevocationChecker;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.recipes.revocable.RevocableLock;
import dev.zksim.recipes.revocable.Revoker;
import dev.zksim.recipes.lock.LockDecision;
import dev.zksim.recipes.lock.SequentialLock;
import dev.zksim.recipes.rwlock.ReadWriteLock;
import dev.zksim.recipes.rwlock.ReadWriteRules;
import dev.zksim.recipes.support.SequentialName;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.LockWorkload;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.TestClient;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.function.Function;

/** The read/write lock and the revocable lock. */
public final class SharedLockScenarios {
    private static final String RW_DIR = "/rw";
    private static final String REVOCABLE_DIR = "/revocable";

    /** zksim's revocable lock, on its write side, as the testkit takes it. */
    public static final LockUnderTest.Factory REVOCABLE = RecipeLocks.of((zk, states, guid, l) ->
            new RevocableLock(zk, states, REVOCABLE_DIR, guid, RevocableLock.Mode.WRITE, l));

    /** The revocable lock's other side: how a third client asks a holder to give the lock up. */
    public static final Function<TestClient, Revoker> REVOKERS = client -> new Revoker(client.zk());

    private SharedLockScenarios() {
    }

    /** zksim's read/write lock's read side. */
    static final LockUnderTest.Factory READ = RecipeLocks.of((zk, states, guid, l) ->
            new ReadWriteLock(zk, states, RW_DIR, guid).readLock(l));
    /** zksim's read/write lock's write side. */
    static final LockUnderTest.Factory WRITE = RecipeLocks.of((zk, states, guid, l) ->
            new ReadWriteLock(zk, states, RW_DIR, guid).writeLock(l));

    /**
     * zksim's read/write lock, both sides re-entrant through a hold count (the workload nests
     * acquires), and writers downgrade to a read node that stands where their write node
     * stood ({@link ReadWriteLock#downgradeLock}).
     */
    public static Scenario readWrite() {
        return Testkit.readWriteLock("rwlock", downgrading(true, true))
                .title("Read/write lock: readers share, writers exclude everyone, under random faults").build();
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a downgrade as Curator's InterProcessReadWriteLock does it:
     * the read side taken while the client holds the write side is granted at once, but its
     * node queues behind every writer that queued meanwhile, so the first of them takes the
     * write lock as soon as the downgrading writer lets it go, while that one still reads.
     * Only a downgrade exposes it.
     */
    public static Scenario downgradeUnorderedCanary() {
        return Testkit.readWriteLock("canary-rwlock-downgrade-unordered", downgrading(false, true))
                .title("Canary: a read/write lock whose downgraded reader queues behind waiting writers").build();
    }

    /**
     * zksim's read/write lock with downgrades: {@code ordered}, the downgraded read node stands
     * where its write node stood; otherwise (the canary) it is granted at once wherever it
     * queues. Downgrades are {@code declared}, or the workload never takes them.
     */
    static ReadWriteLockScenario.Factory downgrading(boolean ordered, boolean declared) {
        return new ReadWriteLockScenario.Factory() {
            @Override
            public LockUnderTest readLock(TestClient client, HolderEvents events) {
                return RecipeLocks.reentrant(READ).create(client, events);
            }

            @Override
            public LockUnderTest writeLock(TestClient client, HolderEvents events) {
                return RecipeLocks.reentrant(WRITE).create(client, events);
            }

            @Override
            public boolean downgrades() {
                return declared;
            }

            @Override
            public LockUnderTest readLockWhileWriting(LockUnderTest writeLock, TestClient client, HolderEvents events) {
                long origin = RecipeLocks.grantOf(writeLock).map(grant -> SequentialName.counterOf(grant.node())).orElse(-1L);
                if (origin < 0) {
                    return readLock(client, events);
                }
                LockUnderTest.Factory side = ordered
                        ? RecipeLocks.of((zk, states, guid, l) -> new ReadWriteLock(zk, states, RW_DIR, guid).downgradeLock(origin, l))
                        : RecipeLocks.of((zk, states, guid, l) -> new SequentialLock(zk, states, RW_DIR, guid + "d",
                                ReadWriteRules.READ, (children, me) -> new LockDecision.Acquired(), true, l));
                return RecipeLocks.reentrant(side).create(client, events);
            }
        };
    }

    /**
     * Both sides declared re-entrant, but without a hold count: a nested release lets the lock
     * go while its holder still holds it. Only the nested acquires expose it.
     */
    public static Scenario reentrantUncountedCanary() {
        return Testkit.readWriteLock("canary-rwlock-reentrant-uncounted", ReadWriteLockScenario.Factory.of(
                        RecipeLocks.reentrantUncountedCanary(READ, true), RecipeLocks.reentrantUncountedCanary(WRITE, true)))
                .title("Canary: a re-entrant read/write lock whose nested release lets the lock go").build();
    }

    public static Scenario revocable() {
        return Testkit.custom("revocable-lock")
                .title("Revocable lock: holders give the lock up when asked, under random faults")
                .faults(0, 3, Time.seconds(4), Profiles.withoutPausedClients())
                .goals(Goal.happened(OpKind.REVOKE, OpType.OK, "a holder was asked to give the lock back"),
                        Goal.completedBy(OpKind.ACQUIRE, 2, "the lock passed from one client to another"))
                .perSeed(SharedLockScenarios::revocableRun)
                .build();
    }

    /** 2 to 4 lock clients with long holds, then a client that asks the holder to give the lock up. */
    private static void revocableRun(Choices knobs, CustomScenario.Run run) {
        int clients = knobs.intIn(2, 4);
        // Long holds, so that most revocation requests find a holder to ask.
        LockWorkload.Plan plan = new LockWorkload.Plan(knobs.intIn(2, 4), Time.millis(200), Time.millis(300),
                Time.seconds(2), Time.millis(50), 0);
        int requests = knobs.intIn(1, 4);
        long grace = Time.millis(run.ensemble().sessionTimeoutMs()) + Time.seconds(1);
        long bound = run.afterHeal(clients * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
        run.install((ensemble, history) -> {
            FencedResource resource = new FencedResource(history);
            for (int i = 0; i < clients; i++) {
                Workloads.add(ensemble, new LockWorkload(REVOCABLE, plan, new ClientLog(history), resource));
            }
        });
        run.client(() -> revoker(REVOKERS, requests))
                .check((heal, end) -> ExclusionChecker.locks())
                .check((heal, end) -> new FencingChecker())
                .check((heal, end) -> RevocationChecker.cooperative(grace))
                .check((heal, end) -> new LivenessChecker(heal, bound, end)
                        .onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.REVOKE))
                .settle(bound + Time.seconds(5))
                .note("clients: " + clients).note("rounds: " + plan.rounds())
                .note("revocation grace: " + Time.formatSeconds(grace)).note("liveness bound: " + Time.formatSeconds(bound));
    }

    /** A client that, a few times, asks the current lowest holder to give the lock up. */
    private static ScriptClient.Script revoker(Function<TestClient, Revoker> revokers, int requests) {
        int[] made = {0};
        return session -> revokeLater(session, revokers.apply(session.client()), made, requests);
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
