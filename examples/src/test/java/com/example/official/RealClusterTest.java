package com.example.official;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same recipe classes that run in the simulation, unchanged, on a real three-server
 * ZooKeeper cluster (curator-test): the lock excludes and hands out growing tokens, and the
 * election has one leader, and a new one when it withdraws.
 */
class RealClusterTest {
    private static TestingCluster cluster;
    private static final List<ZooKeeper> HANDLES = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new TestingCluster(3);
        cluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (ZooKeeper zk : HANDLES) {
            zk.close();
        }
        cluster.close();
    }

    private static ZooKeeper connect() throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(cluster.getConnectString(), 30_000, event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(30, TimeUnit.SECONDS), "connected to the real cluster");
        HANDLES.add(zk);
        return zk;
    }

    @Test
    void theLockExcludesOnARealCluster() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Long> tokens = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<?>> clients = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            ZooKeeper zk = connect();
            BlockingMutex mutex = new BlockingMutex(() -> zk, "/real-lock", "r" + c, true);
            clients.add(pool.submit(() -> {
                for (int round = 0; round < 5; round++) {
                    long token = mutex.acquire();
                    most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    synchronized (tokens) {
                        tokens.add(token);
                    }
                    Thread.sleep(5);
                    inside.decrementAndGet();
                    mutex.release();
                }
                return null;
            }));
        }
        for (Future<?> client : clients) {
            client.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertEquals(1, most.get(), "never two holders at once");
        assertEquals(15, tokens.size());
        for (int i = 1; i < tokens.size(); i++) {
            assertTrue(tokens.get(i) > tokens.get(i - 1), "tokens grow with every grant: " + tokens);
        }
    }

    @Test
    void theElectionHasOneLeaderAndANewOneAfterItWithdraws() throws Exception {
        AtomicInteger leading = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<CallbackElection> candidates = new ArrayList<>();
        List<Integer> leaders = new ArrayList<>();
        CountDownLatch[] elected = {new CountDownLatch(1), new CountDownLatch(2)};
        for (int c = 0; c < 3; c++) {
            ZooKeeper zk = connect();
            int me = c;
            candidates.add(new CallbackElection(() -> zk, "/real-election", "r" + c, true,
                    new CallbackElection.Listener() {
                        @Override
                        public void leading(long epoch) {
                            most.accumulateAndGet(leading.incrementAndGet(), Math::max);
                            synchronized (leaders) {
                                leaders.add(me);
                            }
                            elected[0].countDown();
                            elected[1].countDown();
                        }

                        @Override
                        public void suspended() {
                            leading.decrementAndGet();
                        }

                        @Override
                        public void lost() {
                        }
                    }));
        }
        candidates.forEach(CallbackElection::start);
        assertTrue(elected[0].await(30, TimeUnit.SECONDS), "a leader is elected");
        int first;
        synchronized (leaders) {
            first = leaders.get(0);
        }
        leading.decrementAndGet();
        candidates.get(first).stop();
        assertTrue(elected[1].await(30, TimeUnit.SECONDS), "a new leader after the first withdrew");
        assertEquals(1, most.get(), "never two leaders at once");
        synchronized (leaders) {
            assertEquals(2, leaders.size(), "exactly two terms: " + leaders);
            assertTrue(leaders.get(1) != first, "the new leader is another candidate");
        }
    }
}
