package com.example.curator;

import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.official.testkit.BlockingCache;
import dev.zksim.official.testkit.BlockingConfig;
import dev.zksim.official.testkit.BlockingCounter;
import dev.zksim.official.testkit.BlockingMember;
import dev.zksim.official.testkit.CuratorTestkit;
import dev.zksim.official.testkit.OfficialElection;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CacheUnderTest;
import dev.zksim.testkit.CatalogProvider;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.CounterUnderTest;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.Testkit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.curator.framework.recipes.locks.InterProcessMultiLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreMutex;
import org.apache.curator.framework.recipes.shared.SharedCount;
import org.apache.curator.framework.recipes.shared.VersionedValue;
import org.apache.curator.retry.RetryNTimes;

/**
 * Curator's own recipes and this project's Curator application in the testkit's standard
 * scenarios, run as shipped through the zksim agent. Listed in META-INF/services.
 */
public final class CuratorScenarios implements CatalogProvider {

    @Override
    public ScenarioCatalog catalog() {
        return new ScenarioCatalog("curator-examples")
                .add(Testkit.lock("curator-mutex", CuratorTestkit.mutex("/curator/mutex"))
                        .title("Lock: Curator's InterProcessMutex under faults").build())
                // Built on InterProcessSemaphoreV2, it leaks its lease when a waiter is
                // interrupted as acquire() releases its internal lock (as in
                // curator-semaphore-interrupted), and a connection lost while it creates a lease
                // can leave a lease behind that nobody returns (curator-semaphore-mutex-all-faults,
                // docs/curator-findings.md): here waiters never give up and the faults slow the
                // ensemble down without breaking a connection.
                // Two InterProcessMutexes taken in order. It inherits the mutex's protected create
                // that can return null (2 of seeds 2,000 to 3,999 fail, each an orphaned node of a
                // live session), and its acquire goes on to the next mutex after one threw.
                .add(Testkit.lock("curator-multi-lock", CuratorTestkit.lock(curator -> new InterProcessMultiLock(
                                curator, List.of("/curator/multi/a", "/curator/multi/b"))))
                        .title("Lock: Curator's InterProcessMultiLock over two mutexes under faults").build())
                .add(Testkit.lock("curator-semaphore-mutex", semaphoreMutex()).noGiveUps()
                        .faults(0, 3, Time.seconds(3), List.of(FaultKind.LAG_FOLLOWER, FaultKind.CLOG))
                        .title("Lock: Curator's InterProcessSemaphoreMutex with lagging followers and slow links")
                        .build())
                .add(Testkit.lock("curator-semaphore-mutex-all-faults", semaphoreMutex()).noGiveUps()
                        .title("Lock: Curator's InterProcessSemaphoreMutex under every fault, where a connection lost"
                                + " during a lease's create can leave a lease nobody returns").build())
                .add(Testkit.election("curator-leader-latch", CuratorTestkit.leaderLatch("/curator/latch"))
                        .title("Election: Curator's LeaderLatch, used as its documentation says, under faults").build())
                // The latch's parent is a container node, which the server deletes once it is
                // empty, here within half a second (ZooKeeper checks every minute by default):
                // after every candidate's session expired, LeaderLatch 5.4.0 to 5.7.1 never leads
                // again (CURATOR-724).
                .add(Testkit.election("curator-leader-latch-expiries", CuratorTestkit.leaderLatch("/curator/latch"))
                        .title("Election: Curator's LeaderLatch when sessions expire and the server reaps its"
                                + " empty parent")
                        .candidates(2, 3).containerCheckInterval(500)
                        .faults(1, 3, Time.seconds(4), List.of(FaultKind.EXPIRE_SESSION, FaultKind.PAUSE_SERVER,
                                FaultKind.PARTITION, FaultKind.CRASH_SERVER))
                        .build())
                .add(Testkit.semaphore("curator-semaphore", CuratorTestkit.semaphore("/curator/semaphore"))
                        .noGiveUps()
                        .title("Semaphore: Curator's InterProcessSemaphoreV2 under faults, waiters never giving up").build())
                // Giving up interrupts the waiting thread, as Future.cancel(true) or an executor's
                // shutdownNow() would. Curator 5.9.0 then leaks a lease when the interrupt lands
                // while acquire() releases its internal lock: the permit stays taken for as long
                // as the session lives (the window CURATOR-462's fix left open).
                .add(Testkit.semaphore("curator-semaphore-interrupted", CuratorTestkit.semaphore("/curator/isemaphore"))
                        .title("Semaphore: Curator's InterProcessSemaphoreV2 with waiters interrupted, which leaks leases")
                        .build())
                .add(Testkit.election("curator-leader-selector", CuratorTestkit.leaderSelector("/curator/selector"))
                        .title("Election: Curator's LeaderSelector, used as its documentation says, under faults").build())
                .add(Testkit.barrier("curator-barrier", CuratorTestkit.barrier()).path("/curator/barrier")
                        .title("Barrier: Curator's DistributedBarrier under faults").build())
                .add(Testkit.doubleBarrier("curator-double-barrier", CuratorTestkit.doubleBarrier("/curator/dbarrier"))
                        .title("Double barrier: Curator's DistributedDoubleBarrier, without faults or give-ups")
                        .noFaults().noGiveUps().build())
                .add(Testkit.doubleBarrier("curator-double-barrier-faults", CuratorTestkit.doubleBarrier("/curator/dbarrier"))
                        .title("Double barrier: Curator's DistributedDoubleBarrier under faults, which strand a participant")
                        .noGiveUps().build())
                .add(Testkit.doubleBarrier("curator-double-barrier-give-ups",
                        CuratorTestkit.doubleBarrier("/curator/dbarrier"))
                        .title("Double barrier: a participant interrupts Curator's enter, whose arrival still counts")
                        .participants(2, 4).giveUps(1, 1, Time.millis(5), Time.millis(50)).noFaults().build())
                // The JVM may end a wait() without a notify. Curator's double barrier waits once
                // in enter (GH-1290, fixed after 5.9.0) and, in leave, takes any wake-up for the
                // deletion it waits for; the mutex waits in a loop and must pass.
                .add(Testkit.doubleBarrier("curator-double-barrier-wakeups",
                                CuratorTestkit.doubleBarrier("/curator/dbarrier"))
                        .title("Double barrier: Curator's DistributedDoubleBarrier when waits end without a notify,"
                                + " as the JVM allows")
                        .noGiveUps().faults(wakeups()).build())
                .add(Testkit.lock("curator-mutex-wakeups", CuratorTestkit.mutex("/curator/mutex"))
                        .title("Lock: Curator's InterProcessMutex when waits end without a notify, as the JVM allows")
                        .faults(wakeups()).build())
                .add(Testkit.configuration("curator-shared-value", CuratorTestkit.sharedValue("/curator/config"))
                        .title("Configuration: a JSON configuration in Curator's SharedValue under faults").build())
                .add(Testkit.configuration("curator-node-cache-config", nodeCacheConfig())
                        .title("Configuration: a team's configuration read through Curator's NodeCache under faults")
                        .build())
                // CuratorCache reloads the nodes it holds after a reconnect and tells its listener
                // of a change only when the data version differs (CuratorCacheImpl.putStorage): a
                // child deleted and created again while the reader was away (a lost NodeDeleted,
                // an expired session) is back at version 0 with new data, which the cache takes
                // in silently, and the listener keeps the old data for good, as PathChildrenCache
                // did before CURATOR-391. PathChildrenCache and TreeCache compare the mzxid.
                .add(Testkit.cache("curator-cache", CuratorTestkit.curatorCache("/dir"))
                        .title("Cache: Curator's CuratorCache of a directory under faults, whose listener misses a"
                                + " child deleted and created again while the reader was away").build())
                .add(Testkit.cache("curator-path-children-cache", CuratorTestkit.pathChildrenCache("/dir"))
                        .title("Cache: Curator's deprecated PathChildrenCache of a directory under faults").build())
                // TreeCache watches a missing root with exists(); after a new session its reload
                // finds the root missing again, but the root is already DEAD, so wasDeleted()
                // returns before it sets a new exists watch: a directory made later is never seen.
                .add(Testkit.cache("curator-tree-cache", CuratorTestkit.treeCache("/dir"))
                        .title("Cache: Curator's deprecated TreeCache of a directory, one level deep, under faults,"
                                + " which never sees the directory appear after a lost session").build())
                .add(Testkit.membership("curator-group-member", CuratorTestkit.groupMember("/curator/group"))
                        .title("Membership: Curator's GroupMember under faults").build())
                // A service that registers itself once through Curator's service discovery and
                // relies on Curator to register it again after a lost session.
                .add(Testkit.membership("curator-service-registration", serviceRegistration())
                        .title("Membership: service instances registered once through Curator's service discovery"
                                + " under faults")
                        .build())
                // GroupMember when connections are cut as a getChildren's reply is on its way: the
                // view's CuratorCache loses its first listing of the group and never lists it
                // again, since the group node itself does not change.
                .add(Testkit.membership("curator-group-member-lost-reads", CuratorTestkit.groupMember("/curator/group"))
                        .faults(Profiles.lostReplies("getChildren"))
                        .title("Membership: Curator's GroupMember when listings' replies are lost, whose view misses members")
                        .build())
                .add(Testkit.readWriteLock("curator-rwlock", CuratorTestkit.readWriteLock("/curator/rwlock"))
                        .title("Read/write lock: Curator's InterProcessReadWriteLock under faults").build())
                .add(Testkit.readWriteLock("curator-rwlock-downgrades",
                        CuratorTestkit.readWriteLockWithDowngrades("/curator/rwlock"))
                        .title("Read/write lock: writers downgrade to Curator's read lock while others wait")
                        .clients(1, 4).noFaults().build())
                .add(Testkit.fifoQueue("curator-queue",
                        CuratorTestkit.queue("/curator/queue", "/curator/queue-locks"))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).orderOnlyForOneConsumer()
                        .title("Queue: Curator's DistributedQueue with a lock path (at least once) under faults")
                        .build())
                // The queue with a lock path when connections are cut as a create's reply is on
                // its way: a consumer's lock-node create retried after a lost reply meets its own
                // node, takes it for another consumer's lock, and leaves it, so nobody takes that
                // item while the consumer's session lives.
                .add(Testkit.fifoQueue("curator-queue-lost-lock-creates",
                                CuratorTestkit.queue("/curator/queue", "/curator/queue-locks"))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).orderOnlyForOneConsumer()
                        .faults(Profiles.lostReplies("create"))
                        .title("Queue: Curator's DistributedQueue with a lock path when creates' replies are lost,"
                                + " which strands items")
                        .build())
                .add(Testkit.priorityQueue("curator-priority-queue",
                        CuratorTestkit.priorityQueue("/curator/priority-queue", "/curator/priority-queue-locks"))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).orderOnlyForOneConsumer()
                        .title("Queue: Curator's DistributedPriorityQueue with a lock path (at least once) under faults")
                        .build())
                .add(Testkit.fifoQueue("curator-unlocked-queue", CuratorTestkit.queue("/curator/unlocked-queue"))
                        .delivery(QueueUnderTest.Delivery.AT_MOST_ONCE).orderOnlyForOneConsumer()
                        .title("Queue: Curator's DistributedQueue without a lock path, which its documentation says"
                                + " delivers at most once; a put retried after a lost reply enqueues the item twice")
                        .build())
                // SimpleDistributedQueue, Curator's drop-in for ZooKeeper's queue recipe, under
                // Curator's retry loop: an offer retried after a lost reply creates a second
                // node, and a take whose delete is retried after a lost reply meets NoNode,
                // takes that for another consumer's claim and moves on, losing the item.
                .add(Testkit.fifoQueue("curator-simple-queue", CuratorTestkit.simpleQueue("/curator/simple-queue"))
                        .orderOnlyForOneConsumer()
                        .title("Queue: Curator's SimpleDistributedQueue under faults, expected to deliver each item once")
                        .build())
                // The same queue with connections cut as a delete's reply is on its way: a take
                // whose delete is retried meets NoNode and moves on, and the item it removed is
                // lost, as well as taken twice when an offer's reply is lost.
                .add(Testkit.fifoQueue("curator-simple-queue-lost-deletes",
                                CuratorTestkit.simpleQueue("/curator/simple-queue"))
                        .orderOnlyForOneConsumer().producers(1, 1).consumers(2, 3).items(10, 20)
                        .faults(Profiles.lostReplies("delete"))
                        .title("Queue: Curator's SimpleDistributedQueue when deletes' replies are lost, which loses items")
                        .build())
                .add(Testkit.election("curator-scheduler", scheduler(true))
                        .title("Example: a job scheduler led through a LeaderLatch").build())
                // DistributedAtomicLong writes on the version it read; when a write's reply is
                // lost, Curator's retry sends the same write again, which now fails on the version
                // it changed itself, and the recipe takes that for a competitor's write: it reads
                // its own increment and adds one more.
                .add(Testkit.counter("curator-atomic-long",
                                CuratorTestkit.atomicLong("/curator/counter", new RetryNTimes(20, 10)))
                        .title("Counter: Curator's DistributedAtomicLong under faults, which counts an increment"
                                + " twice when a write's reply is lost")
                        .build())
                // The team's own counter, which writes with Curator's idempotent(): a write
                // repeated after a connection loss is taken for done when the node holds its
                // bytes one version later, which another node's write of the same count also
                // leaves behind.
                .add(Testkit.counter("curator-idempotent-counter", jobCounter())
                        .title("Counter: a job count written with Curator's idempotent(), which takes another"
                                + " node's write for its own when a request is lost")
                        .build())
                // SharedCount used as its documentation shows: trySetCount on the versioned value
                // until it succeeds. Its write goes through Curator's retry loop too, so a write
                // whose reply was lost is sent again, fails on the version it changed itself, and
                // the caller adds one more, as DistributedAtomicLong does.
                .add(Testkit.counter("curator-shared-count", sharedCount()).staleReads()
                        .title("Counter: Curator's SharedCount under faults, incremented with trySetCount")
                        .build())
                // A cache of ephemeral children, as a service registry keeps: a child that goes
                // with the writer's session and comes back with new data while a reader is away
                // is back at version 0, and CuratorCache's listener misses it.
                .add(Testkit.cache("curator-cache-ephemeral", CuratorTestkit.curatorCache("/dir")).ephemeralChildren()
                        .title("Cache: Curator's CuratorCache of a directory of ephemeral children under faults")
                        .build())
                // A team's view of a service's instances through Curator's service discovery: its
                // ServiceCache keeps the instances from a CuratorCache's events, so an instance
                // that registers again while the view is away, back at version 0, keeps its old
                // record in the view.
                .add(Testkit.cache("curator-service-cache", registryView()).ephemeralChildren().dataNamesChild()
                        .title("Cache: a view of a service's instances through Curator's ServiceCache under faults")
                        .build())
                // LeaderLatch when connections are cut as a create's reply is on its way: the latch
                // resets and deletes its node while a leadership check of that node is in flight,
                // and the check's answer makes it leader of a node it no longer has.
                .add(Testkit.election("curator-leader-latch-lost-replies", CuratorTestkit.leaderLatch("/curator/latch"))
                        .faults(Profiles.lostReplies("create"))
                        .title("Election: Curator's LeaderLatch when creates' replies are lost, which can make two leaders")
                        .build())
                // InterProcessSemaphoreV2 when connections are cut as a delete's reply is on its
                // way: the internal lock's release fails after the lease was granted, and the
                // lease is neither handed out nor returned.
                .add(Testkit.semaphore("curator-semaphore-lost-deletes", CuratorTestkit.semaphore("/curator/semaphore"))
                        .faults(Profiles.lostReplies("delete"))
                        .title("Semaphore: Curator's InterProcessSemaphoreV2 when deletes' replies are lost, which leaks"
                                + " leases")
                        .build())
                .add(Testkit.election("curator-careless-scheduler", scheduler(false))
                        .title("Example: the scheduler that keeps leading through SUSPENDED, which zksim must catch")
                        .build());
    }

    /**
     * Five to fifteen spurious wake-ups and no other fault, from 20 ms to 0.8 s, while the
     * clients start and wait; one that finds no thread waiting ends the client's next wait.
     */
    private static FaultProfile wakeups() {
        return new FaultProfile(Profiles.withSpuriousWakeups(List.of()), 5, 15, Time.millis(20), Time.millis(800),
                Time.millis(100), Time.millis(100));
    }

    /** The job counter on each client's own Curator, as the testkit's counter. */
    private static CounterUnderTest.Factory jobCounter() {
        return CuratorTestkit.counter(curator -> {
            JobCounter counter = new JobCounter(curator, "/curator/jobs-done");
            return new BlockingCounter() {
                @Override
                public OptionalLong increment() throws Exception {
                    return OptionalLong.of(counter.increment());
                }

                @Override
                public long read() throws Exception {
                    return counter.read();
                }
            };
        });
    }

    /**
     * Curator's SharedCount as the testkit's counter: an increment tries trySetCount on the
     * value the count last saw until it succeeds; a read is the value the count holds, which
     * may lag (the scenario declares staleReads).
     */
    private static CounterUnderTest.Factory sharedCount() {
        return CuratorTestkit.counter(curator -> {
            SharedCount count = new SharedCount(curator, "/curator/shared-count", 0);
            try {
                count.start();
            } catch (Exception e) {
                throw new IllegalStateException("SharedCount did not start: " + e.getMessage(), e);
            }
            return new BlockingCounter() {
                @Override
                public OptionalLong increment() throws Exception {
                    while (true) {
                        VersionedValue<Integer> seen = count.getVersionedValue();
                        if (count.trySetCount(seen, seen.getValue() + 1)) {
                            return OptionalLong.of(seen.getValue() + 1);
                        }
                    }
                }

                @Override
                public long read() {
                    return count.getCount();
                }
            };
        });
    }

    /**
     * The registry view as the testkit's cache: the view's instances are what it holds, and
     * what changed in them at each {@code cacheChanged} (and once the first load is in, which
     * ServiceCache does not announce) is what its listener was told.
     */
    /** Each client's {@link NodeCacheConfig} of /config/app. */
    private static ConfigUnderTest.Factory nodeCacheConfig() {
        return CuratorTestkit.configuration((curator, events) -> {
            NodeCacheConfig config = new NodeCacheConfig(curator, "/config/app");
            return new BlockingConfig() {
                @Override
                public void publish(SortedMap<String, String> entries) throws Exception {
                    config.publish(entries);
                }

                @Override
                public void start() throws Exception {
                    config.start(events::changed);
                }

                @Override
                public Optional<SortedMap<String, String>> current() {
                    return config.current();
                }

                @Override
                public void close() {
                    try {
                        config.close();
                    } catch (IOException e) {
                        // A cache that never started holds nothing to release.
                    }
                }
            };
        });
    }

    /** Each member a {@link ServiceRegistration} of the service "jobs" under /services, the member's name its id. */
    private static MembershipUnderTest.Factory serviceRegistration() {
        return CuratorTestkit.member((curator, name) -> {
            ServiceRegistration registration = new ServiceRegistration(curator, "/services", "jobs", name);
            return new BlockingMember() {
                @Override
                public void join() throws Exception {
                    registration.register();
                }

                @Override
                public void leave() throws Exception {
                    registration.close();
                }

                @Override
                public Optional<List<String>> view() {
                    return registration.instances();
                }

                @Override
                public String node() {
                    return "/services/jobs/" + name;
                }
            };
        });
    }

    private static CacheUnderTest.Factory registryView() {
        return CuratorTestkit.cache((curator, events) -> {
            ServiceRegistryView view = new ServiceRegistryView(curator, "/", "dir");
            InstanceChanges changes = new InstanceChanges(view, events);
            view.onChange(changes::tell);
            return new BlockingCache() {
                private volatile boolean started;

                @Override
                public void start() throws Exception {
                    view.start();
                    started = true;
                    changes.tell();
                }

                @Override
                public Optional<SortedMap<String, String>> snapshot() {
                    return started ? Optional.of(view.instances()) : Optional.empty();
                }

                @Override
                public void close() {
                    try {
                        view.close();
                    } catch (IOException e) {
                        // A view whose start failed has nothing left to release.
                    }
                }
            };
        });
    }

    /** Tells the testkit what changed in a view's instances since it last told it. */
    private static final class InstanceChanges {
        private final ServiceRegistryView view;
        private final CacheUnderTest.Events events;
        private final SortedMap<String, String> told = new TreeMap<>();

        InstanceChanges(ServiceRegistryView view, CacheUnderTest.Events events) {
            this.view = view;
            this.events = events;
        }

        synchronized void tell() {
            SortedMap<String, String> now = view.instances();
            for (String gone : new ArrayList<>(told.keySet())) {
                if (!now.containsKey(gone)) {
                    told.remove(gone);
                    events.removed(gone);
                }
            }
            now.forEach((id, record) -> {
                if (!record.equals(told.put(id, record))) {
                    events.put(id, record);
                }
            });
        }
    }

    private static LockUnderTest.Factory semaphoreMutex() {
        return CuratorTestkit.lock(curator -> new InterProcessSemaphoreMutex(curator, "/curator/smutex"));
    }

    /** The scheduler as an election candidate: its leading/stopped are the candidate's held/released. */
    static ElectionUnderTest.Factory scheduler(boolean careful) {
        return CuratorTestkit.election((curator, client, events) -> new OfficialElection() {
            private JobScheduler scheduler;

            /** After {@code Expired} the testkit enters again; a running scheduler's latch rejoins by itself. */
            @Override
            public void start() throws Exception {
                if (scheduler != null) {
                    return;
                }
                scheduler = new JobScheduler(curator, "/curator/scheduler", client.uniqueName(), careful,
                        listenerFor(events));
                scheduler.start();
            }

            @Override
            public void stop() throws Exception {
                scheduler.close();
                scheduler = null;
            }
        });
    }

    private static JobScheduler.Listener listenerFor(HolderEvents events) {
        return new JobScheduler.Listener() {
            @Override
            public void leading() {
                events.held(0);
            }

            @Override
            public void stopped() {
                events.lost();
            }
        };
    }
}
