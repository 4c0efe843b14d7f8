package com.example.curator;

import dev.zksim.official.testkit.OfficialElection;
import dev.zksim.official.testkit.CuratorTestkit;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CatalogProvider;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.Testkit;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreMutex;

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
                .add(Testkit.lock("curator-semaphore-mutex",
                        CuratorTestkit.lock(curator -> new InterProcessSemaphoreMutex(curator, "/curator/smutex")))
                        .title("Lock: Curator's InterProcessSemaphoreMutex under faults").build())
                .add(Testkit.election("curator-leader-latch", CuratorTestkit.leaderLatch("/curator/latch"))
                        .title("Election: Curator's LeaderLatch, used as its documentation says, under faults").build())
                .add(Testkit.semaphore("curator-semaphore", CuratorTestkit.semaphore("/curator/semaphore"))
                        .title("Semaphore: Curator's InterProcessSemaphoreV2 under faults").build())
                .add(Testkit.election("curator-leader-selector", CuratorTestkit.leaderSelector("/curator/selector"))
                        .title("Election: Curator's LeaderSelector, used as its documentation says, under faults").build())
                .add(Testkit.readWriteLock("curator-rwlock", CuratorTestkit.readWriteLock("/curator/rwlock"))
                        .title("Read/write lock: Curator's InterProcessReadWriteLock under faults").build())
                .add(Testkit.fifoQueue("curator-queue",
                        CuratorTestkit.queue("/curator/queue", "/curator/queue-locks"))
                        .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).orderOnlyForOneConsumer()
                        .title("Queue: Curator's DistributedQueue with a lock path (at least once) under faults")
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
                .add(Testkit.election("curator-scheduler", scheduler(true))
                        .title("Example: a job scheduler led through a LeaderLatch").build())
                .add(Testkit.election("curator-careless-scheduler", scheduler(false))
                        .title("Example: the scheduler that keeps leading through SUSPENDED, which zksim must catch")
                        .build());
    }

    /** The scheduler as an election candidate: its leading/stopped are the candidate's held/released. */
    static ElectionUnderTest.Factory scheduler(boolean careful) {
        return CuratorTestkit.election((curator, client, events) -> new OfficialElection() {
            private JobScheduler scheduler;

            @Override
            public void start() throws Exception {
                scheduler = new JobScheduler(curator, "/curator/scheduler", client.uniqueName(), careful,
                        listenerFor(events));
                scheduler.start();
            }

            @Override
            public void stop() throws Exception {
                scheduler.close();
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
