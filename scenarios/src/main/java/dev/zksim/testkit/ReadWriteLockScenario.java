package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.FencedResource;
import dev.zksim.check.FencingChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.StillRefusedChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.LockWorkload;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A shared read/write lock under test: readers and writers take their side of the lock a
 * number of rounds, as in {@link LockScenario}; writers write to a protected resource under
 * their fencing token; writers of a lock that allows downgrades take the read lock while they
 * write and then let the write lock go, in about half of their holds. Checked: a write hold
 * overlaps no other hold of another session while read holds may overlap each other;
 * fencing; herd-free wake-ups; and liveness after the heal.
 */
public final class ReadWriteLockScenario extends ScenarioBuilder<ReadWriteLockScenario> {
    /** The knob streams of the numbers of readers and writers, explored by the small scope. */
    static final String READERS = "knobs/readers";
    static final String WRITERS = "knobs/writers";

    private final Factory factory;
    private int maxReaders = 4;
    private int maxWriters = 3;

    /** Builds a caller's read side or write side of the same lock on a client. */
    public interface Factory {
        LockUnderTest readLock(TestClient client, HolderEvents events);

        LockUnderTest writeLock(TestClient client, HolderEvents events);

        /**
         * Whether a holder of the write lock may take the read lock on the same client and
         * then let the write lock go, reading on with no writer in between (a downgrade, as
         * Curator's InterProcessReadWriteLock documents). The workload then downgrades about
         * half of a writer's holds through {@link #readLockWhileWriting}. The default is false.
         */
        default boolean downgrades() {
            return false;
        }

        /**
         * The read side a writer takes to downgrade, on its client, while it holds
         * {@code writeLock} (made by {@link #writeLock} on the same client, and maybe wrapped
         * by the recipe's adapter). The default is an ordinary read side.
         */
        default LockUnderTest readLockWhileWriting(LockUnderTest writeLock, TestClient client, HolderEvents events) {
            return readLock(client, events);
        }

        /** A factory from two lock factories, one per side. */
        static Factory of(LockUnderTest.Factory read, LockUnderTest.Factory write) {
            return new Factory() {
                @Override
                public LockUnderTest readLock(TestClient client, HolderEvents events) {
                    return read.create(client, events);
                }

                @Override
                public LockUnderTest writeLock(TestClient client, HolderEvents events) {
                    return write.create(client, events);
                }
            };
        }
    }

    ReadWriteLockScenario(String id, Factory factory) {
        super(id, "Read/write lock " + id + ": readers share, writers exclude everyone, under random faults");
        this.factory = Objects.requireNonNull(factory, "factory");
        aimAt("create", "getChildren", "exists", "delete");
    }

    /** At most this many readers and writers per seed (each seed runs at least one of each). */
    public ReadWriteLockScenario clients(int maxReaders, int maxWriters) {
        if (maxReaders < 1 || maxWriters < 1) {
            throw new IllegalArgumentException("need at least one reader and one writer");
        }
        this.maxReaders = maxReaders;
        this.maxWriters = maxWriters;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.readWriteLock();
    }

    /** The numbers of readers and of writers: each seed runs at least one of each, and one never shares nor contends. */
    @Override
    protected List<String> smallScopeKnobs() {
        List<String> knobs = new ArrayList<>();
        if (maxReaders > 1) {
            knobs.add(READERS);
        }
        if (maxWriters > 1) {
            knobs.add(WRITERS);
        }
        return knobs;
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        List<String> limits = new ArrayList<>();
        if (maxReaders == 1) {
            limits.add("one reader: readers cannot share the lock.");
        }
        if (maxWriters == 1) {
            limits.add("one writer: writers cannot contend for the lock.");
        }
        return limits;
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int readers = knobs.named("readers").intIn(1, maxReaders);
        int writers = knobs.named("writers").intIn(1, maxWriters);
        LockWorkload.Plan plan = new LockWorkload.Plan(knobs.intIn(2, 4), Time.millis(200), Time.millis(1),
                Time.millis(knobs.intIn(5, 100)), Time.millis(50), 0);
        long bound = Bounds.afterHeal(swarm, (readers + writers) * (plan.holdMax() + Time.millis(200)) + Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            FencedResource resource = new FencedResource(history);
            for (int i = 0; i < readers + writers; i++) {
                boolean writer = i < writers;
                LockWorkload.Role role = new LockWorkload.Role(writer ? OpKind.WRITE_LOCK : OpKind.READ_LOCK, writer);
                LockUnderTest.Factory side = writer ? factory::writeLock : factory::readLock;
                LockWorkload workload = new LockWorkload(side, role, plan, new ClientLog(history), resource);
                if (writer && factory.downgrades()) {
                    workload.downgrading(factory::readLockWhileWriting);
                }
                Workloads.add(ensemble, workload);
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.readWriteLocks(),
                new FencingChecker(),
                WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.READ_LOCK, OpKind.WRITE_LOCK)),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.READ_LOCK, OpKind.WRITE_LOCK, OpKind.RELEASE),
                StillRefusedChecker.acquisitions(List.of(OpKind.READ_LOCK, OpKind.WRITE_LOCK), heal, bound));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, List.of(
                "readers: " + readers, "writers: " + writers, "rounds: " + plan.rounds(),
                "hold: up to " + Time.formatSeconds(plan.holdMax()), "liveness bound: " + Time.formatSeconds(bound)));
    }
}
