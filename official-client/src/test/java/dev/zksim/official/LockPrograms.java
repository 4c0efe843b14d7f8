package dev.zksim.official;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Lock code written only against org.apache.zookeeper.ZooKeeper's blocking API (the
 * recipes page's lock, and a broken check-then-act variant), and a runner that puts several
 * clients of it on a simulated ensemble and records who held the lock when.
 */
public final class LockPrograms {
    private LockPrograms() {
    }

    /** What one run saw: acquisitions in order, the most simultaneous holders, the digest. */
    record Outcome(List<String> acquisitions, int maxHolders, String digest, List<String> leftover) {
    }

    /** Shared between the clients of one run; one simulated thread runs at a time. */
    static final class Holders {
        int holding;
        int max;
        final List<String> acquisitions = new ArrayList<>();

        void enter(String who, long at) {
            holding++;
            max = Math.max(max, holding);
            acquisitions.add(who + "@" + at);
        }

        void exit() {
            holding--;
        }
    }

    interface Lock {
        /** Acquires, returns a token for release. */
        String acquire(ZooKeeper zk, String me) throws Exception;

        void release(ZooKeeper zk, String token) throws Exception;
    }

    /** The recipes page's lock: sequential ephemeral node, watch the next lower one. */
    static final Lock RECIPE = new Lock() {
        @Override
        public String acquire(ZooKeeper zk, String me) throws Exception {
            String node = zk.create("/lock/n-", me.getBytes(), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                    CreateMode.EPHEMERAL_SEQUENTIAL);
            String mine = node.substring("/lock/".length());
            while (true) {
                List<String> children = new ArrayList<>(zk.getChildren("/lock", false));
                Collections.sort(children);
                int index = children.indexOf(mine);
                if (index == 0) {
                    return node;
                }
                CountDownLatch gone = new CountDownLatch(1);
                if (zk.exists("/lock/" + children.get(index - 1), event -> gone.countDown()) != null) {
                    gone.await();
                }
            }
        }

        @Override
        public void release(ZooKeeper zk, String token) throws Exception {
            zk.delete(token, -1);
        }
    };

    /** Broken on purpose (a canary): reads the owner, then writes it without a version. */
    static final Lock CHECK_THEN_ACT = new Lock() {
        @Override
        public String acquire(ZooKeeper zk, String me) throws Exception {
            while (true) {
                byte[] owner = zk.getData("/lock", false, null);
                if (owner == null || owner.length == 0) {
                    zk.setData("/lock", me.getBytes(), -1);
                    return me;
                }
                CountDownLatch changed = new CountDownLatch(1);
                zk.getData("/lock", event -> changed.countDown(), null);
                changed.await();
            }
        }

        @Override
        public void release(ZooKeeper zk, String token) throws Exception {
            zk.setData("/lock", new byte[0], -1);
        }
    };

    /** Runs {@code clients} clients doing {@code rounds} acquisitions each on a 3-server ensemble. */
    static Outcome run(long seed, Lock lock, int clients, int rounds) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        Holders holders = new Holders();
        for (int c = 0; c < clients; c++) {
            official.addClient(session -> {
                ZooKeeper zk = session.zk();
                awaitConnected(zk);
                try {
                    zk.create("/lock", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                } catch (KeeperException.NodeExistsException e) {
                    // Another client made it first.
                }
                for (int round = 0; round < rounds; round++) {
                    String token = lock.acquire(zk, session.id());
                    holders.enter(session.id(), session.currentTimeMillis());
                    session.sleep(1 + session.choices().draw(20));
                    holders.exit();
                    lock.release(zk, token);
                }
                zk.close();
            });
        }
        ensemble.run(RunBounds.time(120_000_000L));
        official.threads().check();
        List<String> leftover = official.shutdown();
        return new Outcome(holders.acquisitions, holders.max, ensemble.simulation().trace().digest(), leftover);
    }

    /** Returns once the handle's session is established (at once if it already is). */
    public static void awaitConnected(ZooKeeper zk) throws InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        zk.register(event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (zk.getState() != ZooKeeper.States.CONNECTED) {
            connected.await();
        }
    }
}
