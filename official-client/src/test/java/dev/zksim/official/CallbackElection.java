package dev.zksim.official;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * A leader election written only against the official client's callback API (the recipes
 * page's election: sequential ephemeral candidates, each watching the next lower one). The
 * chain of callbacks runs on the handle's event thread; the client's main thread only waits
 * to be elected, holds leadership for a while and resigns by closing its session.
 */
final class CallbackElection {
    private CallbackElection() {
    }

    /** Shared among the clients of one run; one simulated thread runs at a time. */
    static final class Leaders {
        int leading;
        int max;
        final List<String> terms = new ArrayList<>();
        String digest;
    }

    /** One candidate's callback chain. */
    private static final class Candidate {
        private final ZooKeeper zk;
        private final CountDownLatch elected = new CountDownLatch(1);
        private String node;

        Candidate(ZooKeeper zk) {
            this.zk = zk;
        }

        void volunteer() {
            zk.create("/election/c-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL,
                    (AsyncCallback.StringCallback) (rc, path, ctx, name) -> {
                        if (rc == KeeperException.Code.OK.intValue()) {
                            node = name.substring("/election/".length());
                            check();
                        }
                    }, null);
        }

        private void check() {
            zk.getChildren("/election", false, (AsyncCallback.ChildrenCallback) (rc, path, ctx, children) -> {
                if (rc != KeeperException.Code.OK.intValue()) {
                    return;
                }
                List<String> sorted = new ArrayList<>(children);
                Collections.sort(sorted);
                int index = sorted.indexOf(node);
                if (index == 0) {
                    elected.countDown();
                    return;
                }
                String predecessor = "/election/" + sorted.get(index - 1);
                zk.exists(predecessor, event -> check(), (rc2, path2, ctx2, stat) -> {
                    if (rc2 == KeeperException.Code.NONODE.intValue()) {
                        check();
                    }
                }, null);
            }, null);
        }
    }

    /** Runs {@code clients} candidates; each leads once, then resigns. */
    static Leaders run(long seed, int clients) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        Leaders leaders = new Leaders();
        for (int c = 0; c < clients; c++) {
            official.addClient(session -> {
                ZooKeeper zk = session.zk();
                LockPrograms.awaitConnected(zk);
                CountDownLatch ready = new CountDownLatch(1);
                zk.create("/election", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT,
                        (AsyncCallback.StringCallback) (rc, path, ctx, name) -> ready.countDown(), null);
                ready.await();
                Candidate candidate = new Candidate(zk);
                candidate.volunteer();
                candidate.elected.await();
                leaders.leading++;
                leaders.max = Math.max(leaders.max, leaders.leading);
                leaders.terms.add(session.id() + "@" + session.currentTimeMillis());
                session.sleep(5 + session.choices().draw(50));
                leaders.leading--;
                zk.close();
            });
        }
        ensemble.run(RunBounds.time(120_000_000L));
        official.threads().check();
        official.shutdown();
        leaders.digest = ensemble.simulation().trace().digest();
        return leaders;
    }
}
