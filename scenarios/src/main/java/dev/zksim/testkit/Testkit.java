package dev.zksim.testkit;

/**
 * Where a user's test starts: one builder per recipe shape, each taking a factory for the
 * user's implementation of the shape's contract.
 *
 * <pre>{@code
 * Scenario scenario = Testkit.lock("my-lock", (client, events) -> new MyLock(client.zk(), "/locks/a", events))
 *         .clients(2, 5)
 *         .build();
 * }</pre>
 *
 * Scenario ids are kebab-case ("my-lock") and must be unique among every catalogue on the
 * class path; the built-in ids are listed by {@code ./zksim list}.
 */
public final class Testkit {

    private Testkit() {
    }

    /** An exclusive lock: see {@link LockScenario} for the workload and the checks. */
    public static LockScenario lock(String id, LockUnderTest.Factory factory) {
        return new LockScenario(id, factory);
    }

    /** A shared read/write lock: see {@link ReadWriteLockScenario}. */
    public static ReadWriteLockScenario readWriteLock(String id, ReadWriteLockScenario.Factory factory) {
        return new ReadWriteLockScenario(id, factory);
    }

    /** A counting semaphore of N leases: see {@link SemaphoreScenario} for the workload and the checks. */
    public static SemaphoreScenario semaphore(String id, SemaphoreScenario.Factory factory) {
        return new SemaphoreScenario(id, factory);
    }

    /** A group membership: see {@link MembershipScenario} for the workload and the checks. */
    public static MembershipScenario membership(String id, MembershipUnderTest.Factory factory) {
        return new MembershipScenario(id, factory);
    }

    /** A watched configuration or cached value: see {@link ConfigScenario} for the workload and the checks. */
    public static ConfigScenario configuration(String id, ConfigUnderTest.Factory factory) {
        return new ConfigScenario(id, factory);
    }

    /** A FIFO queue (exactly once unless declared otherwise): see {@link QueueScenario}. */
    public static QueueScenario fifoQueue(String id, QueueUnderTest.Factory factory) {
        return new QueueScenario(id, QueueUnderTest.Order.FIFO, factory);
    }

    /** A priority queue (exactly once unless declared otherwise): see {@link QueueScenario}. */
    public static QueueScenario priorityQueue(String id, QueueUnderTest.Factory factory) {
        return new QueueScenario(id, QueueUnderTest.Order.PRIORITY, factory);
    }

    /**
     * A simple barrier: a coordinator raises and later lifts it, waiters pass only after the
     * lift (passing early is a safety violation), within a bound after the heal.
     */
    public static BarrierScenario barrier(String id, BarrierUnderTest.Factory factory) {
        return new BarrierScenario(id, factory);
    }

    /** A double barrier: see {@link DoubleBarrierScenario} for the workload and the checks. */
    public static DoubleBarrierScenario doubleBarrier(String id, DoubleBarrierUnderTest.Factory factory) {
        return new DoubleBarrierScenario(id, factory);
    }

    /** A leader election or latch: see {@link ElectionScenario}. */
    public static ElectionScenario election(String id, ElectionUnderTest.Factory factory) {
        return new ElectionScenario(id, factory);
    }

    /**
     * A controller: a leader election whose leader writes shared state while it leads; see
     * {@link ControllerScenario} for the workload and the checks (stale writes of a zombie
     * leader, a state that goes back).
     */
    public static ControllerScenario controller(String id, ControllerUnderTest.Factory factory) {
        return new ControllerScenario(id, factory);
    }

    /** A rendezvous of clients and the workers they wait for: see {@link RendezvousScenario}. */
    public static RendezvousScenario rendezvous(String id, RendezvousUnderTest.Factory factory) {
        return new RendezvousScenario(id, factory);
    }

    /** A naming service that hands out unique names: see {@link NamingScenario}. */
    public static NamingScenario naming(String id, NamingUnderTest.Factory factory) {
        return new NamingScenario(id, factory);
    }

    /**
     * A cache of one directory (the children of {@code /dir} and their data): every reader's
     * cache and what its listener was told must end up equal to the directory, and never hold
     * data that was not written. See {@link CacheScenario}.
     */
    public static CacheScenario cache(String id, CacheUnderTest.Factory factory) {
        return new CacheScenario(id, factory);
    }

    /** A shared counter whose completed increments each count once: see {@link CounterScenario}. */
    public static CounterScenario counter(String id, CounterUnderTest.Factory factory) {
        return new CounterScenario(id, factory);
    }

    /**
     * A two-phase commit: a coordinator and the sites' implementation (more with
     * {@link TwoPhaseCommitScenario#siteVariant}); see {@link TwoPhaseCommitScenario}.
     */
    public static TwoPhaseCommitScenario twoPhaseCommit(String id, TwoPhaseCommitUnderTest.CoordinatorFactory coordinators,
            TwoPhaseCommitUnderTest.SiteFactory sites) {
        return new TwoPhaseCommitScenario(id, coordinators, sites);
    }

    /** Any client program, with the ops it records and the checkers the user supplies: see {@link CustomScenario}. */
    public static CustomScenario custom(String id) {
        return new CustomScenario(id);
    }
}
