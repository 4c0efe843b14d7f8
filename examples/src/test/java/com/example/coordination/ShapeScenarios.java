package com.example.coordination;

import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.BarrierUnderTest;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.DoubleBarrierUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockScenario;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.SemaphoreScenario;
import dev.zksim.testkit.TestClient;
import dev.zksim.testkit.Testkit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * This project's other recipes, one per shape of zksim's testkit, each with its broken variant
 * next to it: the adapters between the team's classes and the testkit's contracts, and the
 * scenarios built from them. A broken variant keeps the passing scenario's workload and checks;
 * where its bug needs a particular fault (an expiry), the scenario asks for that fault so that
 * the test finds it in a few seeds.
 */
final class ShapeScenarios {

    /**
     * The priority queue's broken order: the highest digit first, as if 9 were the most urgent,
     * when the queue's callers use 0 for their most urgent items.
     */
    private static final Comparator<String> HIGHEST_DIGIT_FIRST =
            Comparator.<String>comparingInt(name -> -name.charAt(1)).thenComparing(SimpleQueue.OLDEST_FIRST);

    private ShapeScenarios() {
    }

    /** Adds every shape's scenario and broken variant to the catalogue. */
    static ScenarioCatalog addTo(ScenarioCatalog catalog) {
        return catalog
                .add(Testkit.readWriteLock("example-rwlock", readWriteLock(false))
                        .title("Example: the team's read/write lock under faults").build())
                .add(Testkit.readWriteLock("example-broken-rwlock", readWriteLock(true))
                        .title("Example: readers that trust the reader before them, which zksim must catch").build())
                .add(Testkit.semaphore("example-semaphore", semaphore(true))
                        .title("Example: the team's semaphore under faults; no lease leaks").build())
                .add(Testkit.semaphore("example-broken-semaphore", semaphore(false))
                        .title("Example: a semaphore that ranks unsorted children, which zksim must catch").build())
                .add(Testkit.fifoQueue("example-fifo-queue", fifo(SimpleQueue.OLDEST_FIRST))
                        .title("Example: the team's FIFO queue, exactly once, under faults").build())
                .add(Testkit.fifoQueue("example-broken-fifo-queue", fifo(Comparator.naturalOrder()))
                        .title("Example: a FIFO queue that sorts items by name, which zksim must catch").build())
                .add(Testkit.priorityQueue("example-priority-queue", priority(SimpleQueue.MOST_URGENT_FIRST))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE)
                        .title("Example: the team's priority queue, at least once, under faults").build())
                .add(Testkit.priorityQueue("example-broken-priority-queue", priority(HIGHEST_DIGIT_FIRST))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE)
                        .title("Example: a priority queue that reads its priorities backwards, which zksim must catch")
                        .build())
                .add(afterExpiry(Testkit.lock("example-lock-after-expiry", expiringLock(false)))
                        .title("Example: the team's lock, held across expiries and new sessions").build())
                .add(afterExpiry(Testkit.lock("example-broken-lock-after-expiry", expiringLock(true)))
                        .title("Example: a lock that takes Expired for a disconnect, which only a new session shows")
                        .build())
                .add(Testkit.barrier("example-barrier", barrier(false))
                        .title("Example: the team's barrier under faults").build())
                .add(Testkit.barrier("example-broken-barrier", barrier(true))
                        .title("Example: a barrier whose waiter takes any event for the lift, which zksim must catch").build())
                .add(Testkit.doubleBarrier("example-double-barrier", doubleBarrier(true))
                        .title("Example: the team's double barrier under faults").build())
                .add(Testkit.doubleBarrier("example-broken-double-barrier", doubleBarrier(false))
                        .title("Example: a double barrier whose leave does not wait, which zksim must catch").build())
                .add(Testkit.membership("example-membership", membership(false))
                        .title("Example: the team's group membership under faults").build())
                .add(Testkit.membership("example-broken-membership", membership(true))
                        .faults(1, 2, Time.seconds(3), List.of(FaultKind.EXPIRE_SESSION))
                        .title("Example: a member that remembers it joined across sessions, which zksim must catch")
                        .build())
                .add(Testkit.configuration("example-config", config(false))
                        .title("Example: the team's watched configuration under faults").build())
                .add(Testkit.configuration("example-broken-config", config(true))
                        .faults(1, 2, Time.seconds(3), List.of(FaultKind.EXPIRE_SESSION))
                        .title("Example: a reader that falls back to defaults on Expired, which zksim must catch")
                        .build())
                .add(IdScenario.allocator("example-ids", true)
                        .title("Example: the team's id allocator, a custom program with its own checker").build())
                .add(IdScenario.allocator("example-broken-ids", false)
                        .title("Example: an id allocator without compare-and-set, which zksim must catch").build());
    }

    /** Both sides of the team's read/write lock; each caller gets its own lock object. */
    static ReadWriteLockScenario.Factory readWriteLock(boolean trustPredecessor) {
        return new ReadWriteLockScenario.Factory() {
            @Override
            public LockUnderTest readLock(TestClient client, HolderEvents events) {
                return lock(client, new SimpleReadWriteLock(client.zk(), "/example-rw", client.uniqueName(),
                        trustPredecessor).readLock(listener(events)));
            }

            @Override
            public LockUnderTest writeLock(TestClient client, HolderEvents events) {
                return lock(client, new SimpleReadWriteLock(client.zk(), "/example-rw", client.uniqueName(),
                        trustPredecessor).writeLock(listener(events)));
            }
        };
    }

    /** One caller's lease on the team's semaphore of {@code permits} leases. */
    static SemaphoreScenario.Factory semaphore(boolean sorted) {
        return (client, permits, events) -> lock(client, new SimpleSemaphore(client.zk(), "/example-semaphore",
                client.uniqueName(), permits, sorted, listener(events)).lease());
    }

    /**
     * The team's exclusive lock, or the one that trusts every reconnect, on its own directory.
     * Its client builds a new session after {@code Expired} and keeps the lock object.
     */
    static LockUnderTest.Factory expiringLock(boolean trustingReconnects) {
        return (client, events) -> {
            SequenceLock lock = new SequenceLock(client.zk(), "/example-lock-2", client.uniqueName(), "",
                    SimpleLock.LOWEST_HOLDS, true, listener(events));
            return lock(client, trustingReconnects ? lock.trustingReconnects() : lock);
        };
    }

    /** Sessions expire while clients hold the lock long enough to outlast the expiry and the new session's connect. */
    private static LockScenario afterExpiry(LockScenario scenario) {
        return scenario.hold(Time.millis(500), Time.seconds(2)).noGiveUps()
                .faults(1, 2, Time.seconds(3), List.of(FaultKind.EXPIRE_SESSION));
    }

    /** A lock of the team's as the testkit's lock contract: connection changes go to the lock. */
    private static LockUnderTest lock(TestClient client, SequenceLock lock) {
        client.connection().subscribe(state ->
                lock.connectionChanged(state == ConnectionState.CONNECTED, state == ConnectionState.LOST));
        return new LockUnderTest() {
            @Override
            public CompletionStage<Long> acquire() {
                return lock.acquire();
            }

            @Override
            public CompletionStage<Void> release() {
                return lock.release();
            }
        };
    }

    private static SequenceLock.Listener listener(HolderEvents events) {
        return new SequenceLock.Listener() {
            @Override
            public void held(long token) {
                events.held(token);
            }

            @Override
            public void suspended() {
                events.suspended();
            }

            @Override
            public void lost() {
                events.lost();
            }
        };
    }

    static QueueUnderTest.Factory fifo(Comparator<String> order) {
        return client -> queue(client, SimpleQueue.fifo(client.zk(), "/example-queue", order));
    }

    static QueueUnderTest.Factory priority(Comparator<String> order) {
        return client -> queue(client, SimpleQueue.priority(client.zk(), "/example-priority-queue", order));
    }

    private static QueueUnderTest queue(TestClient client, SimpleQueue queue) {
        client.connection().subscribe(state -> {
            if (state == ConnectionState.LOST) {
                queue.sessionLost();
            }
        });
        return new QueueUnderTest() {
            @Override
            public CompletionStage<Void> offer(String item, int priority) {
                return queue.offer(item, priority);
            }

            @Override
            public CompletionStage<String> take() {
                return queue.take();
            }
        };
    }

    static BarrierUnderTest.Factory barrier(boolean trustAnyEvent) {
        return (client, path) -> {
            SimpleBarrier barrier = new SimpleBarrier(client.zk(), path, trustAnyEvent);
            return new BarrierUnderTest() {
                @Override
                public CompletionStage<Void> raise() {
                    return barrier.raise();
                }

                @Override
                public CompletionStage<Void> lift() {
                    return barrier.lift();
                }

                @Override
                public CompletionStage<Boolean> isRaised() {
                    return barrier.isRaised();
                }

                @Override
                public CompletionStage<Void> awaitLifted() {
                    return barrier.awaitLifted();
                }
            };
        };
    }

    static DoubleBarrierUnderTest.Factory doubleBarrier(boolean waitOnLeave) {
        return (client, participants) -> {
            // The process is the participant; its incarnation makes the node's name unique.
            SimpleDoubleBarrier barrier = new SimpleDoubleBarrier(client.zk(), "/example-double-barrier",
                    SimpleDoubleBarrier.nodeName(client.id(), client.uniqueName()), participants, waitOnLeave);
            return new DoubleBarrierUnderTest() {
                @Override
                public CompletionStage<Void> enter() {
                    return barrier.enter();
                }

                @Override
                public CompletionStage<Void> leave() {
                    return barrier.leave();
                }
            };
        };
    }

    static MembershipUnderTest.Factory membership(boolean rememberJoined) {
        return (client, name, events) -> {
            SimpleGroup group = new SimpleGroup(client.zk(), "/example-group", name, rememberJoined, events::view);
            client.connection().subscribe(state -> {
                if (state == ConnectionState.SUSPENDED) {
                    events.suspended();
                } else if (state == ConnectionState.LOST) {
                    events.lost();
                }
            });
            return new MembershipUnderTest() {
                @Override
                public CompletionStage<Void> join() {
                    return group.join();
                }

                @Override
                public CompletionStage<Void> leave() {
                    return group.leave();
                }

                @Override
                public Optional<List<String>> view() {
                    return group.view();
                }
            };
        };
    }

    /** The team's configuration; the broken reader falls back to these defaults after Expired. */
    static ConfigUnderTest.Factory config(boolean defaultsAfterExpiry) {
        SortedMap<String, String> defaults = defaultsAfterExpiry ? new TreeMap<>(Map.of("mode", "safe")) : null;
        return (client, events) -> {
            SimpleConfig config = new SimpleConfig(client.zk(), "/example-config", defaults, events::changed);
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    config.sessionLost();
                }
            });
            return new ConfigUnderTest() {
                @Override
                public CompletionStage<Void> publish(SortedMap<String, String> entries) {
                    return config.publish(entries);
                }

                @Override
                public void start() {
                    config.start();
                }

                @Override
                public Optional<SortedMap<String, String>> current() {
                    return config.current();
                }
            };
        };
    }
}
