package com.example.official;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * A user's leader election written only against {@code org.apache.zookeeper.ZooKeeper} and its
 * callback API: the recipes page's election. A candidate creates
 * {@code dir/c-<name>-<term>-NNNNNNNNNN} EPHEMERAL_SEQUENTIAL; the lowest sequence number
 * leads (its node's czxid is the epoch, which grows with every new leader); every other
 * candidate watches its predecessor and looks again when anything happens to it. The whole
 * chain runs in callbacks; nothing here blocks but {@link #stop}.
 *
 * <p>A leader watches its own node: on {@code Disconnected} it stops leading until the
 * connection is back and its node is confirmed, on {@code Expired} or the node's deletion
 * its candidacy is lost. A create whose reply was lost is adopted from a listing.
 *
 * <p>{@code recheck = false} builds the classic bug: a candidate whose predecessor goes
 * assumes it now leads, which is wrong when the predecessor was a follower that left.
 */
public class CallbackElection {

    /** What the election tells its owner. */
    public interface Listener {
        /** This candidate leads, with the epoch of its leadership. */
        void leading(long epoch);

        /** The connection is down: do not act as the leader until {@link #leading} again. */
        void suspended();

        /** The candidacy is gone (session expired, node deleted); {@link #start} enters anew. */
        void lost();
    }

    private final Supplier<ZooKeeper> handles;
    private final String dir;
    private final String name;
    private final boolean recheck;
    private final Listener listener;
    private int term;
    private Candidacy current;

    public CallbackElection(Supplier<ZooKeeper> handles, String dir, String name, boolean recheck,
            Listener listener) {
        this.handles = handles;
        this.dir = dir;
        this.name = name;
        this.recheck = recheck;
        this.listener = listener;
    }

    /**
     * Enters the election; returns at once, the rest happens in callbacks. A candidacy still
     * current is abandoned first: left running, it would take the new candidacy's node for a
     * leftover of its own process and delete it, and could even lead on a node it had just
     * deleted. Its own node, if it made one, is then the new candidacy's leftover.
     */
    public void start() {
        ZooKeeper zk = handles.get();
        Candidacy entering;
        synchronized (this) {
            if (current != null) {
                current.abandon();
            }
            entering = new Candidacy(zk, "c-" + name + "-" + (++term) + "-");
            current = entering;
        }
        entering.ensureDir();
    }

    /** Withdraws and waits until the candidate's node is gone (or its session is). */
    public void stop() throws InterruptedException {
        Candidacy leaving;
        synchronized (this) {
            leaving = current;
            current = null;
        }
        if (leaving != null) {
            leaving.withdraw();
        }
    }

    /** One entry into the election; its callbacks do nothing once it is over. */
    private final class Candidacy implements Watcher {
        private final ZooKeeper zk;
        private final String prefix;
        private String node;
        private boolean leading;
        private boolean over;

        Candidacy(ZooKeeper zk, String prefix) {
            this.zk = zk;
            this.prefix = prefix;
        }

        void ensureDir() {
            zk.create(dir, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT,
                    (AsyncCallback.StringCallback) (rc, path, ctx, created) -> {
                        if (rc == Code.CONNECTIONLOSS.intValue()) {
                            ensureDir();
                        } else if (rc == Code.OK.intValue() || rc == Code.NODEEXISTS.intValue()) {
                            volunteer();
                        } else {
                            lose();
                        }
                    }, null);
        }

        private void volunteer() {
            synchronized (this) {
                // Withdrawn meanwhile (while the directory was made): no node may appear after the withdrawal looked.
                if (over) {
                    return;
                }
            }
            zk.create(dir + "/" + prefix, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL,
                    (AsyncCallback.StringCallback) (rc, path, ctx, created) -> {
                        if (rc == Code.OK.intValue()) {
                            adopt(created);
                        } else if (rc == Code.CONNECTIONLOSS.intValue()) {
                            look();
                        } else {
                            lose();
                        }
                    }, null);
        }

        private synchronized void adopt(String path) {
            node = path;
            if (!over) {
                look();
            }
        }

        /** Lists the candidates: adopts a node whose create reply was lost, then leads or follows. */
        private void look() {
            zk.getChildren(dir, false, (AsyncCallback.ChildrenCallback) (rc, path, ctx, children) -> {
                if (rc == Code.CONNECTIONLOSS.intValue()) {
                    look();
                } else if (rc != Code.OK.intValue()) {
                    lose();
                } else {
                    decide(sorted(children));
                }
            }, null);
        }

        private synchronized void decide(List<String> listed) {
            if (over) {
                return;
            }
            List<String> candidates = withoutLeftovers(listed);
            if (node == null) {
                String mine = candidates.stream().filter(child -> child.startsWith(prefix)).findFirst().orElse(null);
                if (mine == null) {
                    volunteer();
                    return;
                }
                node = dir + "/" + mine;
            }
            candidates = withoutDuplicates(candidates, node.substring(dir.length() + 1));
            int index = candidates.indexOf(node.substring(dir.length() + 1));
            if (index < 0) {
                lose();
            } else if (index == 0) {
                confirm();
            } else {
                follow(dir + "/" + candidates.get(index - 1));
            }
        }

        /**
         * Deletes the nodes of this candidate's earlier candidacies (a session that expired
         * leaves its node until the servers expire it too, which after an outage can take a
         * whole session timeout) and leaves them out of the order: nobody believes in them.
         */
        private List<String> withoutLeftovers(List<String> listed) {
            String mine = "c-" + name + "-";
            return deleting(listed, child -> child.startsWith(mine) && !child.startsWith(prefix));
        }

        /**
         * Deletes this candidacy's other nodes and leaves them out of the order. A create whose
         * reply was lost is sent again when the listing does not show it yet, and the first one
         * may still land: a second node of this candidacy that nobody watches as its own would
         * stand in front of the others for as long as the session lives.
         */
        private List<String> withoutDuplicates(List<String> candidates, String mine) {
            return deleting(candidates, child -> child.startsWith(prefix) && !child.equals(mine));
        }

        /** Deletes the children that {@code unwanted} picks, without waiting, and returns the others. */
        private List<String> deleting(List<String> children, Predicate<String> unwanted) {
            List<String> kept = new ArrayList<>();
            for (String child : children) {
                if (unwanted.test(child)) {
                    zk.delete(dir + "/" + child, -1, (rc, path, ctx) -> { }, null);
                } else {
                    kept.add(child);
                }
            }
            return kept;
        }

        /** Watches its own node (and so its session), and leads with the node's czxid as the epoch. */
        private void confirm() {
            zk.exists(node, this, (AsyncCallback.StatCallback) (rc, path, ctx, stat) -> lead(rc, stat), null);
        }

        private synchronized void lead(int rc, Stat stat) {
            if (over) {
                return;
            }
            if (rc == Code.OK.intValue() && !leading) {
                leading = true;
                listener.leading(stat.getCzxid());
            } else if (rc == Code.OK.intValue()) {
                return;
            } else if (rc == Code.CONNECTIONLOSS.intValue()) {
                confirm();
            } else {
                lose();
            }
        }

        private void follow(String predecessor) {
            Watcher moved = event -> predecessorMoved(event);
            zk.exists(predecessor, moved, (AsyncCallback.StatCallback) (rc, path, ctx, stat) -> {
                if (rc == Code.NONODE.intValue() || rc == Code.CONNECTIONLOSS.intValue()) {
                    look();
                } else if (rc != Code.OK.intValue()) {
                    lose();
                }
            }, null);
        }

        private void predecessorMoved(WatchedEvent event) {
            if (event.getState() == Event.KeeperState.Expired) {
                lose();
            } else if (event.getType() == Event.EventType.NodeDeleted && !recheck) {
                confirm();
            } else if (event.getType() != Event.EventType.None) {
                look();
            }
        }

        /** The leader's watch on its own node: the connection and the node's fate. */
        @Override
        public synchronized void process(WatchedEvent event) {
            if (over) {
                return;
            }
            if (event.getState() == Event.KeeperState.Expired || event.getType() == Event.EventType.NodeDeleted) {
                lose();
            } else if (event.getState() == Event.KeeperState.Disconnected && leading) {
                leading = false;
                listener.suspended();
            } else if (event.getType() != Event.EventType.None
                    || (event.getState() == Event.KeeperState.SyncConnected && !leading)) {
                // Back after a disconnection, or the node changed: confirm the node (and re-arm the watch).
                confirm();
            }
        }

        /** Over without a word to the listener: a newer candidacy of this process replaces it. */
        synchronized void abandon() {
            over = true;
            leading = false;
        }

        private synchronized void lose() {
            if (over) {
                return;
            }
            over = true;
            leading = false;
            listener.lost();
        }

        /**
         * Ends the candidacy and waits until its node is gone. The node is found by its unique
         * prefix, so a create still in flight (answered before this listing on the same
         * connection) or one whose reply was lost is removed as well; no create is sent after
         * this (see {@link #volunteer}).
         */
        void withdraw() throws InterruptedException {
            synchronized (this) {
                over = true;
                leading = false;
            }
            CountDownLatch done = new CountDownLatch(1);
            remove(done);
            done.await();
        }

        private void remove(CountDownLatch done) {
            zk.getChildren(dir, false, (AsyncCallback.ChildrenCallback) (rc, path, ctx, children) -> {
                if (rc == Code.CONNECTIONLOSS.intValue()) {
                    remove(done);
                    return;
                }
                String mine = rc != Code.OK.intValue() ? null
                        : children.stream().filter(child -> child.startsWith(prefix)).findFirst().orElse(null);
                if (mine == null) {
                    // No node, or no session any more, which took the node with it.
                    done.countDown();
                    return;
                }
                zk.delete(dir + "/" + mine, -1, (rc2, path2, ctx2) -> {
                    if (rc2 == Code.CONNECTIONLOSS.intValue()) {
                        remove(done);
                    } else {
                        done.countDown();
                    }
                }, null);
            }, null);
        }
    }

    /** Candidates by sequence number, the last ten characters of the name. */
    private static List<String> sorted(List<String> children) {
        List<String> candidates = new ArrayList<>(children);
        candidates.sort(Comparator.comparing(child -> child.substring(child.length() - 10)));
        return candidates;
    }
}
