package dev.zksim.official.testkit;

import dev.zksim.testkit.BarrierUnderTest;
import dev.zksim.testkit.CacheUnderTest;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.CounterUnderTest;
import dev.zksim.testkit.DoubleBarrierUnderTest;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.SemaphoreScenario;
import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.data.Stat;

/**
 * Puts code written with Apache Curator into the testkit's standard scenarios. Each recipe
 * instance gets a {@link CuratorFramework} of its own, over the simulated sessions of its
 * client (one drop-in handle per session), built and started on a simulated thread the first
 * time the recipe is used. Curator's threads, retry sleeps, timed waits, clock reads and
 * session-expiry timer then run in virtual time: the JVM needs the zksim agent
 * ({@code -javaagent:zksim-agent.jar}) as well as
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 *
 * <pre>{@code
 * Scenario mutex = Testkit.lock("curator-mutex", CuratorTestkit.mutex("/locks/jobs")).build();
 * Scenario latch = Testkit.election("curator-leader-latch", CuratorTestkit.leaderLatch("/leader")).build();
 * }</pre>
 *
 * <p>Curator is whatever version the test class path holds (5.x); zksim ships none.
 */
public final class CuratorTestkit {
    /** How long an adapter waits before it tries a failed start again. */
    private static final long START_RETRY_MILLIS = 1000;

    /** Builds one caller's Curator lock ({@code InterProcessMutex}, {@code InterProcessSemaphoreMutex}, ...). */
    @FunctionalInterface
    public interface LockFactory {
        InterProcessLock create(CuratorFramework curator);
    }

    /** Builds one reader's Curator-based cache of a directory, unstarted, reporting to {@code events}. */
    @FunctionalInterface
    public interface CacheFactory {
        BlockingCache create(CuratorFramework curator, CacheUnderTest.Events events);
    }

    /** Builds one client's Curator-based configuration handle, unstarted, reporting to {@code events}. */
    @FunctionalInterface
    public interface ConfigFactory {
        BlockingConfig create(CuratorFramework curator, ConfigUnderTest.Events events);
    }

    /** Builds the group member called {@code name} on a started CuratorFramework, not yet joined. */
    @FunctionalInterface
    public interface MemberFactory {
        BlockingMember create(CuratorFramework curator, String name);
    }

    /** Builds one caller's Curator-based counter ({@code DistributedAtomicLong} or the user's own). */
    @FunctionalInterface
    public interface CounterFactory {
        BlockingCounter create(CuratorFramework curator);
    }

    /**
     * Builds one candidate of a Curator-based election (LeaderLatch, LeaderSelector or the
     * user's own). It reports to {@code events} as {@link OfficialElection} describes.
     */
    @FunctionalInterface
    public interface ElectionFactory {
        OfficialElection create(CuratorFramework curator, OfficialClient client, HolderEvents events);
    }

    private CuratorTestkit() {
    }

    /**
     * A started CuratorFramework whose sessions are the client's, with Curator's default
     * timeouts and an exponential back-off retry (100 ms, 3 retries) unless {@code customize}
     * changes them. Call it on a simulated thread (inside a recipe's call), never on the
     * simulation thread: Curator starts threads as it starts.
     */
    public static CuratorFramework start(OfficialClient client,
            UnaryOperator<CuratorFrameworkFactory.Builder> customize) {
        if (!(client instanceof SimulatedClient simulated)) {
            throw new IllegalArgumentException("CuratorTestkit.start takes the OfficialClient the testkit hands a"
                    + " factory, got a " + client.getClass().getName());
        }
        CuratorSessions sessions = new CuratorSessions(simulated);
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString("zksim")
                .retryPolicy(new ExponentialBackoffRetry(100, 3))
                .zookeeperFactory((connect, timeout, watcher, readOnly) -> sessions.newZooKeeper(watcher));
        CuratorFramework curator = customize.apply(builder).build();
        curator.start();
        return curator;
    }

    /** {@link #start(OfficialClient, UnaryOperator)} with Curator's defaults. */
    public static CuratorFramework start(OfficialClient client) {
        return start(client, UnaryOperator.identity());
    }

    /**
     * A Curator {@code InterProcessMutex} on {@code path} as the testkit's lock. Its fencing
     * token is the czxid of the holder's lock node, read after the grant.
     */
    public static LockUnderTest.Factory mutex(String path) {
        return lock(curator -> new InterProcessMutex(curator, path));
    }

    /**
     * Any Curator lock as the testkit's lock. For an {@code InterProcessMutex} the fencing
     * token is the czxid of the holder's node; other locks have none (0).
     */
    public static LockUnderTest.Factory lock(LockFactory factory) {
        // Curator's locks belong to the thread that acquired them: every call runs on one thread.
        return OfficialTestkit.lock(client -> new CuratorLock(new LazyCurator(client), factory), true);
    }

    /**
     * A Curator {@code LeaderLatch} on {@code path} as the testkit's election: leading from
     * {@code isLeader} until {@code notLeader}, SUSPENDED while Curator's connection state is,
     * as an application that follows LeaderLatch's documentation behaves.
     */
    public static ElectionUnderTest.Factory leaderLatch(String path) {
        return election((curator, client, events) -> new LatchCandidate(curator, path, events));
    }

    /**
     * A Curator {@code InterProcessSemaphoreV2} on {@code path} as the testkit's semaphore: one
     * instance takes one lease at a time. Leases carry no fencing token (0).
     */
    public static SemaphoreScenario.Factory semaphore(String path) {
        return OfficialTestkit.semaphore((client, permits) -> new CuratorLease(new LazyCurator(client), path, permits));
    }

    /**
     * A Curator {@code LeaderSelector} on {@code path} as the testkit's election, written as its
     * documentation says: leadership lasts while {@code takeLeadership} runs, and
     * {@code LeaderSelectorListenerAdapter} cancels it on SUSPENDED and LOST.
     */
    public static ElectionUnderTest.Factory leaderSelector(String path) {
        return election((curator, client, events) -> new SelectorCandidate(curator, path, events));
    }

    /** Any Curator-based election as the testkit's election. */
    public static ElectionUnderTest.Factory election(ElectionFactory factory) {
        return OfficialTestkit.election((client, events) -> {
            LazyCurator curator = new LazyCurator(client);
            return new OfficialElection() {
                private OfficialElection candidate;

                @Override
                public void start() throws Exception {
                    if (candidate == null) {
                        candidate = factory.create(curator.get(), client, events);
                    }
                    candidate.start();
                }

                @Override
                public void stop() throws Exception {
                    if (candidate != null) {
                        candidate.stop();
                    }
                }
            };
        });
    }

    /**
     * Calls {@code start} until it succeeds, a second apart, as an application retries its
     * start-up: for a Curator recipe whose start failed (the connection stayed down through
     * Curator's retries) and which cannot be started twice, so each try builds it anew.
     */
    static <T> T startUntilItSucceeds(OfficialClient client, Callable<T> start) throws InterruptedException {
        while (true) {
            try {
                return start.call();
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                client.sleep(START_RETRY_MILLIS);
            }
        }
    }

    /** A step of a handle's life that may throw, such as its start. */
    @FunctionalInterface
    interface Step<T> {
        void run(T handle) throws Exception;
    }

    /**
     * A new handle from {@code build}, started by {@code start}; one whose start throws is
     * closed by {@code close} before the exception goes on, so that a failed start leaves
     * nothing behind (Curator's caches cannot be started twice, so the next try builds anew).
     */
    static <T> T startedOrClosed(Callable<T> build, Step<T> start, Consumer<T> close) throws Exception {
        T fresh = build.call();
        try {
            start.run(fresh);
        } catch (Exception e) {
            close.accept(fresh);
            throw e;
        }
        return fresh;
    }

    /** Closes a Curator recipe whose start failed: there is nothing of it to keep, so a failure to close is dropped. */
    static void closeQuietly(Closeable recipe) {
        try {
            recipe.close();
        } catch (IOException | RuntimeException ignored) {
            // The recipe never started.
        }
    }

    /** One recipe instance's CuratorFramework, built on the first simulated thread that needs it. */
    static final class LazyCurator {
        private final OfficialClient client;
        private CuratorFramework curator;

        LazyCurator(OfficialClient client) {
            this.client = client;
        }

        CuratorFramework get() {
            if (curator == null) {
                curator = start(client);
            }
            return curator;
        }
    }

    /** One lease of a Curator semaphore as a {@link BlockingLock}. */
    private static final class CuratorLease implements BlockingLock {
        private final LazyCurator curator;
        private final String path;
        private final int permits;
        private InterProcessSemaphoreV2 semaphore;
        private Lease lease;

        CuratorLease(LazyCurator curator, String path, int permits) {
            this.curator = curator;
            this.path = path;
            this.permits = permits;
        }

        @Override
        public long acquire() throws Exception {
            if (semaphore == null) {
                semaphore = new InterProcessSemaphoreV2(curator.get(), path, permits);
            }
            lease = semaphore.acquire();
            return 0;
        }

        @Override
        public void release() throws Exception {
            Lease held = lease;
            lease = null;
            if (held != null) {
                semaphore.returnLease(held);
            }
        }
    }

    /** A Curator lock as a {@link BlockingLock}, its token read from the holder's node. */
    private static final class CuratorLock implements BlockingLock {
        private final LazyCurator curator;
        private final LockFactory factory;
        private InterProcessLock lock;

        CuratorLock(LazyCurator curator, LockFactory factory) {
            this.curator = curator;
            this.factory = factory;
        }

        @Override
        public long acquire() throws Exception {
            if (lock == null) {
                lock = factory.create(curator.get());
            }
            lock.acquire();
            try {
                return token();
            } catch (Exception e) {
                lock.release();
                throw e;
            }
        }

        /**
         * The czxid of the holder's own node. Curator keeps that node's path to itself
         * ({@code getLockPath} is protected), so it is read reflectively; a node already gone
         * (the session expired right after the grant) means the grant is void.
         */
        private long token() throws Exception {
            if (!(lock instanceof InterProcessMutex mutex)) {
                return 0;
            }
            Stat stat = curator.get().checkExists().forPath(ownNode(mutex));
            if (stat == null) {
                throw new IllegalStateException("the lock node is gone right after the grant");
            }
            return stat.getCzxid();
        }

        private static String ownNode(InterProcessMutex mutex) throws ReflectiveOperationException {
            Method getLockPath = InterProcessMutex.class.getDeclaredMethod("getLockPath");
            getLockPath.setAccessible(true);
            return (String) getLockPath.invoke(mutex);
        }

        @Override
        public void release() throws Exception {
            lock.release();
        }
    }

    // ---- Barriers, shared values and group membership ----

    /**
     * A Curator {@code DistributedBarrier} as the testkit's barrier: {@code setBarrier} raises
     * it, {@code removeBarrier} lifts it, a waiter blocks in {@code waitOnBarrier}. The path is
     * the scenario's ({@code BarrierScenario.path}).
     *
     * <pre>{@code
     * Scenario barrier = Testkit.barrier("curator-barrier", CuratorTestkit.barrier()).path("/curator/barrier").build();
     * }</pre>
     */
    public static BarrierUnderTest.Factory barrier() {
        return (client, path) -> new CuratorBarrier(SimulatedClient.of(client), path);
    }

    /**
     * A Curator {@code DistributedDoubleBarrier} on {@code path} as the testkit's double barrier:
     * each participant enters and leaves with Curator's blocking calls, untimed. A give-up
     * ({@code cancelEnter}) interrupts the waiting enter, as a caller that times out does; Curator
     * keeps the arrival all the same, which the scenario's check catches, so build the scenario
     * with {@code noGiveUps()} to test the rest.
     *
     * <pre>{@code
     * Scenario barrier = Testkit.doubleBarrier("curator-double-barrier",
     *         CuratorTestkit.doubleBarrier("/curator/dbarrier")).noGiveUps().build();
     * }</pre>
     */
    public static DoubleBarrierUnderTest.Factory doubleBarrier(String path) {
        return (client, participants) -> new CuratorDoubleBarrier(SimulatedClient.of(client), path, participants);
    }

    /**
     * A configuration kept in a Curator {@code SharedValue} on {@code path} as the testkit's
     * watched configuration: the entries are a JSON object in the value (Jackson's
     * {@code jackson-databind} must be on the test class path), published with
     * {@code setValue}; readers report what the value's listener tells them and use
     * {@code getValue}.
     *
     * <pre>{@code
     * Scenario config = Testkit.configuration("curator-shared-value",
     *         CuratorTestkit.sharedValue("/curator/config")).build();
     * }</pre>
     */
    public static ConfigUnderTest.Factory sharedValue(String path) {
        return (client, events) -> new CuratorSharedConfig(SimulatedClient.of(client), path, events);
    }

    /**
     * Any Curator-based watched configuration as the testkit's: the factory builds one
     * client's handle (a writer's, or a reader's over a NodeCache, a TreeCache, a watch of its
     * own) on the client's started CuratorFramework, unstarted, telling {@code events} of every
     * configuration the reader takes in. The testkit starts a reader's handle on a simulated
     * thread; a writer's is never started.
     *
     * <pre>{@code
     * Scenario config = Testkit.configuration("my-config", CuratorTestkit.configuration(
     *         (curator, events) -> new MyConfigReader(curator, "/config/app", events))).build();
     * }</pre>
     */
    public static ConfigUnderTest.Factory configuration(ConfigFactory factory) {
        return (client, events) -> new CuratorConfig(SimulatedClient.of(client), factory, events);
    }

    /**
     * Curator's {@code GroupMember} in the group at {@code path} as the testkit's membership:
     * a join starts a GroupMember and returns once the member's node is there, a leave closes
     * it, the view is {@code getCurrentMembers}. Partitions are not handed out.
     *
     * <pre>{@code
     * Scenario group = Testkit.membership("curator-group-member",
     *         CuratorTestkit.groupMember("/curator/group")).build();
     * }</pre>
     */
    public static MembershipUnderTest.Factory groupMember(String path) {
        return member((curator, name) -> new CuratorGroupMember(curator, path, name));
    }

    /**
     * Any Curator-based member of a group as the testkit's membership: the factory builds the
     * member called {@code name} (a service registration, a worker announcing itself) on its
     * client's started CuratorFramework. The testkit calls {@link BlockingMember#join} on a
     * simulated thread and waits for the member's node to be an ephemeral of the current
     * session; it asks it to join again after a lost session. Partitions are not handed out.
     *
     * <pre>{@code
     * Scenario registry = Testkit.membership("my-registry", CuratorTestkit.member(
     *         (curator, name) -> new MyRegistration(curator, "/services/jobs", name))).build();
     * }</pre>
     */
    public static MembershipUnderTest.Factory member(MemberFactory factory) {
        return (client, name, events) -> new CuratorMember(SimulatedClient.of(client), factory, name, events);
    }

    /**
     * A Curator {@code DistributedAtomicLong} on {@code path} as the testkit's counter, used as
     * its documentation says: an increment counts when its result {@code succeeded()}. Writes
     * that lose to another caller's are tried again under {@code contention}; Curator's own
     * retry policy (the framework's, see {@link #start}) covers connection losses.
     *
     * <pre>{@code
     * Scenario counter = Testkit.counter("curator-atomic-long",
     *         CuratorTestkit.atomicLong("/counters/jobs", new RetryNTimes(20, 10))).build();
     * }</pre>
     */
    public static CounterUnderTest.Factory atomicLong(String path, RetryPolicy contention) {
        return counter(curator -> new CuratorAtomicLong(curator, path, contention));
    }

    /**
     * Any Curator-based counter as the testkit's counter. The counter is built, on its own
     * started CuratorFramework, when the workload first uses it: on a simulated thread, since
     * Curator starts threads as it starts.
     */
    public static CounterUnderTest.Factory counter(CounterFactory factory) {
        return OfficialTestkit.counter(client -> new LazyCounter(new LazyCurator(client), factory));
    }

    /** A counter built on its first call, once its CuratorFramework is started. */
    private static final class LazyCounter implements BlockingCounter {
        private final LazyCurator curator;
        private final CounterFactory factory;
        private BlockingCounter counter;

        LazyCounter(LazyCurator curator, CounterFactory factory) {
            this.curator = curator;
            this.factory = factory;
        }

        @Override
        public OptionalLong increment() throws Exception {
            return counter().increment();
        }

        @Override
        public long read() throws Exception {
            return counter().read();
        }

        private BlockingCounter counter() {
            if (counter == null) {
                counter = factory.create(curator.get());
            }
            return counter;
        }
    }

    // ---- Directory caches: CuratorCache, PathChildrenCache and TreeCache (CuratorCaches), and the
    // user's own (BlockingCache), each run by CuratorDirectoryCache ----

    /**
     * Curator's {@code CuratorCache} of {@code path} as the testkit's directory cache: its
     * listener ({@code CuratorCacheListener.builder()}, registered before the start) reports
     * the created, changed and deleted direct children of {@code path}; the snapshot is the
     * cache's {@code stream()}, from its {@code initialized} event on. The cache follows new
     * sessions itself.
     *
     * <pre>{@code
     * Scenario cache = Testkit.cache("curator-cache", CuratorTestkit.curatorCache("/dir")).build();
     * }</pre>
     */
    public static CacheUnderTest.Factory curatorCache(String path) {
        return cache((curator, events) -> CuratorCaches.curatorCache(curator, path, events));
    }

    /**
     * Curator's deprecated {@code PathChildrenCache} of {@code path}, keeping data, as the
     * testkit's directory cache: CHILD_ADDED and CHILD_UPDATED report a child's data,
     * CHILD_REMOVED its removal; the snapshot is {@code getCurrentData()}, from the cache's
     * INITIALIZED event on ({@code StartMode.POST_INITIALIZED_EVENT}).
     *
     * <pre>{@code
     * Scenario cache = Testkit.cache("curator-path-children-cache",
     *         CuratorTestkit.pathChildrenCache("/dir")).build();
     * }</pre>
     */
    public static CacheUnderTest.Factory pathChildrenCache(String path) {
        return cache((curator, events) -> CuratorCaches.pathChildrenCache(curator, path, events));
    }

    /**
     * Curator's deprecated {@code TreeCache} of {@code path} and its children
     * ({@code setMaxDepth(1)}), keeping data, as the testkit's directory cache: NODE_ADDED and
     * NODE_UPDATED of a direct child report its data, NODE_REMOVED its removal; the snapshot is
     * {@code getCurrentChildren(path)}, from the cache's first INITIALIZED event on.
     *
     * <pre>{@code
     * Scenario cache = Testkit.cache("curator-tree-cache", CuratorTestkit.treeCache("/dir")).build();
     * }</pre>
     */
    public static CacheUnderTest.Factory treeCache(String path) {
        return cache((curator, events) -> CuratorCaches.treeCache(curator, path, events));
    }

    /**
     * Any Curator-based cache of a directory as the testkit's cache: the factory builds the
     * reader's cache (its own, or one Curator ships) on the reader's started CuratorFramework,
     * unstarted, with its listener telling {@code events} of every child it adds, changes or
     * drops. The testkit starts it on a simulated thread.
     *
     * <pre>{@code
     * Scenario registry = Testkit.cache("my-registry", CuratorTestkit.cache(
     *         (curator, events) -> new MyRegistryView(curator, "/dir", events))).build();
     * }</pre>
     */
    public static CacheUnderTest.Factory cache(CacheFactory factory) {
        return (client, events) -> new CuratorDirectoryCache(SimulatedClient.of(client), factory, events);
    }

    // Read/write lock and queues: Curator's InterProcessReadWriteLock, DistributedQueue and
    // DistributedPriorityQueue (adapters in ReadWriteSides, CuratorQueue and TakeGate).

    /**
     * A Curator {@code InterProcessReadWriteLock} on {@code path} as the testkit's read/write
     * lock: each client has a lock of its own and uses one side of it. Curator's locks are
     * re-entrant and belong to the thread that acquired them, so every call of a side runs on
     * one simulated thread, as for {@link #mutex}. Both sides are mutexes whose fencing token
     * is the czxid of the holder's node.
     *
     * <pre>{@code
     * Scenario rw = Testkit.readWriteLock("curator-rwlock", CuratorTestkit.readWriteLock("/locks/rw")).build();
     * }</pre>
     */
    public static ReadWriteLockScenario.Factory readWriteLock(String path) {
        return ReadWriteLockScenario.Factory.of(lock(curator -> ReadWriteSides.readLock(curator, path)),
                lock(curator -> ReadWriteSides.writeLock(curator, path)));
    }

    /**
     * {@link #readWriteLock(String)}, with writers that downgrade as Curator's documentation
     * of {@code InterProcessReadWriteLock} describes: in about half of its holds a writer takes
     * the read lock of the same lock object, on the same thread, while it holds the write lock,
     * then releases the write lock and reads on. No other writer may hold the lock until that
     * read lock is released. Before Curator 5.5.0 a writer already queued takes it at once
     * (CURATOR-621: the downgrading read node sorts after it).
     *
     * <pre>{@code
     * Scenario rw = Testkit.readWriteLock("curator-rwlock-downgrades",
     *         CuratorTestkit.readWriteLockWithDowngrades("/locks/rw")).build();
     * }</pre>
     */
    public static ReadWriteLockScenario.Factory readWriteLockWithDowngrades(String path) {
        return new CuratorDowngrades(path);
    }

    /** A Curator lock as the testkit's lock adapter's blocking lock, on calls the caller runs. */
    static BlockingLock blockingLock(LazyCurator curator, LockFactory factory) {
        return new CuratorLock(curator, factory);
    }

    /**
     * A Curator {@code DistributedQueue} on {@code path} as the testkit's FIFO queue, without a
     * lock path. Curator then removes an item before it hands it to the consumer
     * ({@code QueueBuilder.lockPath}: "this can result in message loss if the consumer fails
     * to complete the message or the process dies"), so declare
     * {@link QueueUnderTest.Delivery#AT_MOST_ONCE}. The consumer claims an item only when a
     * take asks for one (see {@link #queue(String, String)} for how). Curator does not keep
     * that promise: it retries a put's sequential create after a lost reply without
     * protection, so the item is enqueued, and taken, twice.
     *
     * <pre>{@code
     * Scenario queue = Testkit.fifoQueue("curator-queue", CuratorTestkit.queue("/queues/jobs"))
     *         .delivery(QueueUnderTest.Delivery.AT_MOST_ONCE).orderOnlyForOneConsumer().build();
     * }</pre>
     */
    public static QueueUnderTest.Factory queue(String path) {
        return queue(CuratorQueue.FIFO, path, null);
    }

    /**
     * A Curator {@code DistributedQueue} on {@code path} with the lock path {@code lockPath}.
     * Curator then holds an ephemeral lock node on the item while the consumer runs and
     * removes the item only after it returned, so an item is never lost but is delivered
     * again when its consumer dies (or its session ends) before the removal: declare
     * {@link QueueUnderTest.Delivery#AT_LEAST_ONCE}.
     *
     * <p>Curator pushes items to a consumer; the adapter turns that into {@code take()}: the
     * queue's executor lets Curator's consumer loop claim the next item only while a take
     * waits, so no item leaves ZooKeeper before someone takes it, and the item goes to that
     * take. Items are served in Curator's order, the sorted names of the queue's children:
     * FIFO by sequence number, which Curator promises to a single consumer only, so declare
     * {@code orderOnlyForOneConsumer()} too. Puts are in the foreground, so an offer
     * completes when the item's node exists.
     */
    public static QueueUnderTest.Factory queue(String path, String lockPath) {
        return queue(CuratorQueue.FIFO, path, lockPath);
    }

    /**
     * A Curator {@code DistributedPriorityQueue} on {@code path} as the testkit's priority
     * queue, without a lock path: declare {@link QueueUnderTest.Delivery#AT_MOST_ONCE}, as
     * for {@link #queue(String)}. Curator names an item by its priority and then its sequence
     * number, so it serves lower numbers first and, among equals, the oldest first: the
     * testkit's {@link QueueUnderTest.Order#PRIORITY} (to a single consumer, as for
     * {@link #queue(String, String)}). It refreshes its list before each
     * claim when the queue changed ({@code minItemsBeforeRefresh} 0).
     *
     * <pre>{@code
     * Scenario queue = Testkit.priorityQueue("curator-priority-queue", CuratorTestkit.priorityQueue("/queues/urgent"))
     *         .delivery(QueueUnderTest.Delivery.AT_MOST_ONCE).orderOnlyForOneConsumer().build();
     * }</pre>
     */
    public static QueueUnderTest.Factory priorityQueue(String path) {
        return queue(CuratorQueue.PRIORITY, path, null);
    }

    /** A priority queue with a lock path: declare {@link QueueUnderTest.Delivery#AT_LEAST_ONCE}, as for {@link #queue(String, String)}. */
    public static QueueUnderTest.Factory priorityQueue(String path, String lockPath) {
        return queue(CuratorQueue.PRIORITY, path, lockPath);
    }

    /**
     * A Curator {@code SimpleDistributedQueue} on {@code path} as the testkit's FIFO queue: an
     * offer is its {@code offer}, a take its blocking {@code take}. Curator documents it as a
     * drop-in for ZooKeeper's own queue recipe and states no delivery guarantee; a caller
     * expects each offered item taken once, so declare
     * {@link QueueUnderTest.Delivery#EXACTLY_ONCE} and {@code orderOnlyForOneConsumer()}
     * (consumers race for the lowest item). Curator does not keep it: an offer's sequential
     * create retried after a lost reply enqueues the item twice, and a take whose delete is
     * retried after a lost reply meets NoNode, takes the item for another consumer's and goes
     * on to the next one, so the item it removed is lost.
     *
     * <pre>{@code
     * Scenario queue = Testkit.fifoQueue("jobs", CuratorTestkit.simpleQueue("/queues/jobs"))
     *         .orderOnlyForOneConsumer().build();
     * }</pre>
     */
    public static QueueUnderTest.Factory simpleQueue(String path) {
        return client -> new CuratorSimpleQueue(SimulatedClient.of(client), path);
    }

    private static QueueUnderTest.Factory queue(CuratorQueue.Kind kind, String path, String lockPath) {
        return client -> new CuratorQueue(SimulatedClient.of(client), kind, path, lockPath);
    }
}
