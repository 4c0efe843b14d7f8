package dev.zksim.server.tree;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient.ChildrenAndStat;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.server.tree.Txn.CheckTxn;
import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.TxnOutcome.Checked;
import dev.zksim.server.tree.TxnOutcome.Created;
import dev.zksim.server.tree.TxnOutcome.DataSet;
import dev.zksim.server.tree.TxnOutcome.Deleted;
import dev.zksim.server.tree.TxnOutcome.Failed;
import dev.zksim.server.tree.TxnOutcome.MultiApplied;
import dev.zksim.server.tree.TxnOutcome.SessionClosed;
import dev.zksim.server.tree.TxnOutcome.SessionCreated;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * ZooKeeper's data tree as a pure state machine: {@link #apply(Transaction)} is the only
 * mutator, and the tree has no clock, sessions or watches of its own. It reproduces the
 * observable rules of reference sections 1 and 5.6: internal versus visible cversion,
 * pzxid, ephemerals per session, containers reporting owner 0, null data, error txns
 * that only advance lastProcessedZxid, and idempotent replay.
 *
 * <p>Reads return child lists in sorted order for determinism (ZooKeeper's order is
 * unspecified). Data arrays are stored and returned by reference and must never be
 * modified; the client library copies at the API boundary. Nodes are mutable and private
 * to one tree, which keeps apply() allocation-light; snapshots copy.
 */
public final class DataTree {
    private static final byte[] EMPTY = new byte[0];

    /** Every node by full path; the root is "/". */
    private final Map<String, Node> nodes;
    /** Ephemeral paths per owning session, sorted so close order and reads are stable. */
    private final TreeMap<Long, TreeSet<String>> ephemeralsBySession = new TreeMap<>();
    private final TreeSet<String> containers = new TreeSet<>();
    private final TreeSet<String> ttlNodes = new TreeSet<>();
    private long lastProcessedZxid;

    private DataTree(int expectedNodes) {
        this.nodes = new LinkedHashMap<>(Math.max(16, expectedNodes * 4 / 3 + 1));
    }

    /** A fresh standalone tree: /, /zookeeper, /zookeeper/quota and an empty /zookeeper/config. */
    public static DataTree standalone() {
        DataTree tree = new DataTree(16);
        Node config = new Node(EMPTY, 0, 0, 0, Perms.READ);
        config.aversion = -1;
        tree.addSystemNodes(config);
        return tree;
    }

    /**
     * A fresh tree as a quorum server builds it: /zookeeper/config holds the dynamic
     * configuration text, with version -1 and mzxid equal to the config version.
     */
    public static DataTree quorum(byte[] configData, long configVersion) {
        DataTree tree = new DataTree(16);
        Node config = new Node(configData, 0, 0, 0, Perms.READ);
        config.aversion = -1;
        config.version = -1;
        config.mzxid = configVersion;
        tree.addSystemNodes(config);
        return tree;
    }

    private void addSystemNodes(Node config) {
        // These children are not created by txns, so internal cversions stay 0 and the
        // visible ones come out as -1 for "/" and -2 for "/zookeeper" (reference 1.1).
        Node root = new Node(EMPTY, 0, 0, 0, Perms.ALL);
        Node zookeeper = new Node(EMPTY, 0, 0, 0, Perms.ALL);
        root.addChild("zookeeper");
        zookeeper.addChild("quota");
        zookeeper.addChild("config");
        nodes.put("/", root);
        nodes.put("/zookeeper", zookeeper);
        nodes.put("/zookeeper/quota", new Node(EMPTY, 0, 0, 0, Perms.ALL));
        nodes.put(ZnodePaths.CONFIG_PATH, config);
    }

    /**
     * Applies one committed transaction and raises lastProcessedZxid to its zxid. Replay
     * of a txn already reflected in the tree is harmless (reference 5.6).
     */
    public ApplyResult apply(Transaction transaction) {
        TxnHeader header = transaction.header();
        List<WatchTrigger> triggers = new ArrayList<>(3);
        TxnOutcome outcome = applyTxn(header, transaction.txn(), triggers);
        if (header.zxid() > lastProcessedZxid) {
            lastProcessedZxid = header.zxid();
        }
        return new ApplyResult(header, outcome, triggers);
    }

    private TxnOutcome applyTxn(TxnHeader header, Txn txn, List<WatchTrigger> triggers) {
        return switch (txn) {
            case CreateTxn create -> applyCreate(header, create, triggers);
            case DeleteTxn delete -> applyDelete(header.zxid(), delete.path(), triggers);
            case SetDataTxn setData -> applySetData(header, setData, triggers);
            case CheckTxn check -> new Checked();
            case ErrorTxn error -> new Failed(error.err());
            case MultiTxn multi -> applyMulti(header, multi, triggers);
            case CreateSessionTxn session -> new SessionCreated(session.timeout());
            case CloseSessionTxn close -> applyCloseSession(header, close, triggers);
        };
    }

    private TxnOutcome applyCreate(TxnHeader header, CreateTxn txn, List<WatchTrigger> triggers) {
        String path = txn.path();
        long zxid = header.zxid();
        String parentPath = ZnodePaths.parentOf(path);
        Node parent = nodes.get(parentPath);
        if (parent == null) {
            return new Failed(Code.NONODE.intValue());
        }
        int parentCVersion = txn.parentCVersion() == -1 ? parent.cversion + 1 : txn.parentCVersion();
        if (nodes.containsKey(path)) {
            // Replay of a create the snapshot already holds: only the parent's counters
            // may move, and only upwards (reference 5.6).
            raiseChildCounters(parent, parentCVersion, zxid);
            return new Failed(Code.NODEEXISTS.intValue());
        }
        Node node = new Node(txn.data(), zxid, header.time(), txn.ephemeralOwner(), Perms.ALL);
        nodes.put(path, node);
        parent.addChild(ZnodePaths.childName(path));
        raiseChildCounters(parent, parentCVersion, zxid);
        registerOwner(path, txn.ephemeralOwner());
        triggers.add(WatchTrigger.data(EventType.NodeCreated, path, zxid));
        triggers.add(WatchTrigger.child(EventType.NodeChildrenChanged, parentPath, zxid));
        return new Created(path, node.stat());
    }

    /** ZooKeeper raises cversion and pzxid together and never lowers them (ZOOKEEPER-3249). */
    private static void raiseChildCounters(Node parent, int parentCVersion, long zxid) {
        if (parentCVersion > parent.cversion) {
            parent.cversion = parentCVersion;
            parent.pzxid = zxid;
        }
    }

    private TxnOutcome applyDelete(long zxid, String path, List<WatchTrigger> triggers) {
        if (path.equals("/")) {
            throw new IllegalArgumentException("The root cannot be deleted; the preparer must reject this");
        }
        String parentPath = ZnodePaths.parentOf(path);
        Node parent = nodes.get(parentPath);
        Node node = nodes.get(path);
        if (node == null) {
            // Replay of a delete the snapshot already reflects: the parent's pzxid is
            // raised and the NoNode is ignored (reference 5.6).
            if (parent != null && zxid > parent.pzxid) {
                parent.pzxid = zxid;
            }
            return new Failed(Code.NONODE.intValue());
        }
        if (node.numChildren() > 0) {
            throw new IllegalStateException("Deleting " + path + " would orphan its children; the preparer must reject this");
        }
        nodes.remove(path);
        parent.removeChild(ZnodePaths.childName(path));
        if (zxid > parent.pzxid) {
            parent.pzxid = zxid;
        }
        unregisterOwner(path, node.ephemeralOwner);
        triggers.add(WatchTrigger.data(EventType.NodeDeleted, path, zxid));
        triggers.add(WatchTrigger.childExceptNotified(EventType.NodeDeleted, path, zxid));
        triggers.add(WatchTrigger.child(EventType.NodeChildrenChanged, parentPath, zxid));
        return new Deleted(path);
    }

    private TxnOutcome applySetData(TxnHeader header, SetDataTxn txn, List<WatchTrigger> triggers) {
        Node node = nodes.get(txn.path());
        if (node == null) {
            return new Failed(Code.NONODE.intValue());
        }
        node.data = txn.data();
        node.version = txn.version();
        node.mzxid = header.zxid();
        node.mtime = header.time();
        triggers.add(WatchTrigger.data(EventType.NodeDataChanged, txn.path(), header.zxid()));
        return new DataSet(node.stat());
    }

    private TxnOutcome applyMulti(TxnHeader header, MultiTxn multi, List<WatchTrigger> triggers) {
        List<OpResult> results = new ArrayList<>(multi.txns().size());
        for (Txn txn : multi.txns()) {
            if (txn instanceof MultiTxn || txn instanceof CreateSessionTxn || txn instanceof CloseSessionTxn) {
                throw new IllegalArgumentException("Not an op of a multi: " + txn + " in " + multi);
            }
            results.add(applyTxn(header, txn, triggers).toOpResult());
        }
        return new MultiApplied(results);
    }

    /**
     * Deletes the listed ephemerals with the close's zxid, each with the normal delete
     * effects and triggers. Any ephemeral of the session the list missed is deleted too,
     * in path order, so that a closed session never leaves nodes behind.
     */
    private TxnOutcome applyCloseSession(TxnHeader header, CloseSessionTxn close, List<WatchTrigger> triggers) {
        List<String> deleted = new ArrayList<>(close.ephemeralPaths().size());
        for (String path : close.ephemeralPaths()) {
            if (applyDelete(header.zxid(), path, triggers) instanceof Deleted) {
                deleted.add(path);
            }
        }
        TreeSet<String> leftovers = ephemeralsBySession.get(header.sessionId());
        if (leftovers != null) {
            for (String path : new ArrayList<>(leftovers)) {
                applyDelete(header.zxid(), path, triggers);
                deleted.add(path);
            }
        }
        return new SessionClosed(deleted);
    }

    private void registerOwner(String path, long owner) {
        if (owner == Txn.CONTAINER_OWNER) {
            containers.add(path);
        } else if (Txn.isTtlOwner(owner)) {
            ttlNodes.add(path);
        } else if (owner != 0) {
            ephemeralsBySession.computeIfAbsent(owner, session -> new TreeSet<>()).add(path);
        }
    }

    private void unregisterOwner(String path, long owner) {
        if (owner == Txn.CONTAINER_OWNER) {
            containers.remove(path);
        } else if (Txn.isTtlOwner(owner)) {
            ttlNodes.remove(path);
        } else if (owner != 0) {
            TreeSet<String> paths = ephemeralsBySession.get(owner);
            if (paths != null && paths.remove(path) && paths.isEmpty()) {
                ephemeralsBySession.remove(owner);
            }
        }
    }

    // ---- Reads ---------------------------------------------------------------------

    /** The zxid of the last transaction applied (0 for a fresh tree). */
    public long lastProcessedZxid() {
        return lastProcessedZxid;
    }

    public boolean exists(String path) {
        return nodes.containsKey(path);
    }

    /** The node's client-visible Stat, or null if there is no such node. */
    public Stat stat(String path) {
        Node node = nodes.get(path);
        return node == null ? null : node.stat();
    }

    /** Data (possibly null) and Stat, or null if there is no such node. */
    public DataAndStat getData(String path) {
        Node node = nodes.get(path);
        return node == null ? null : new DataAndStat(node.data, node.stat());
    }

    /** Child names in sorted order, or null if there is no such node. */
    public List<String> getChildren(String path) {
        Node node = nodes.get(path);
        return node == null ? null : node.childNames();
    }

    /** Child names in sorted order with the node's own Stat, or null if there is no such node. */
    public ChildrenAndStat getChildren2(String path) {
        Node node = nodes.get(path);
        return node == null ? null : new ChildrenAndStat(node.childNames(), node.stat());
    }

    /**
     * The fields the request preparer validates against, including the internal cversion
     * and ephemeralOwner that a Stat hides; null if there is no such node.
     */
    public NodeInfo nodeInfo(String path) {
        Node node = nodes.get(path);
        return node == null ? null
                : new NodeInfo(node.version, node.cversion, node.numChildren(), node.ephemeralOwner, node.perms);
    }

    /** The number of znodes, root and system nodes included (4 in a fresh tree). */
    public int nodeCount() {
        return nodes.size();
    }

    /** The ephemeral paths owned by a session, sorted; empty if it owns none. */
    public List<String> ephemerals(long sessionId) {
        TreeSet<String> paths = ephemeralsBySession.get(sessionId);
        return paths == null ? List.of() : List.copyOf(paths);
    }

    /**
     * getEphemerals(prefix): the session's ephemerals whose path starts with the prefix
     * as a plain string (so "/a" matches "/ab/x"); null, "" or "/" select all. Sorted.
     */
    public List<String> ephemerals(long sessionId, String prefix) {
        List<String> all = ephemerals(sessionId);
        if (prefix == null || prefix.isEmpty() || prefix.equals("/")) {
            return all;
        }
        return all.stream().filter(path -> path.startsWith(prefix)).toList();
    }

    /**
     * getAllChildrenNumber: the number of descendants of a node (for "/" every other node,
     * the system nodes included); 0 for a missing node, which callers report as NoNode.
     */
    public int allChildrenNumber(String path) {
        Node node = nodes.get(path);
        if (node == null) {
            return 0;
        }
        int count = 0;
        String prefix = path.equals("/") ? "/" : path + "/";
        for (String child : node.childNames()) {
            count += 1 + allChildrenNumber(prefix + child);
        }
        return count;
    }

    /** The sessions that own at least one ephemeral, in ascending id order. */
    public List<Long> sessionsWithEphemerals() {
        return List.copyOf(ephemeralsBySession.keySet());
    }

    /** Whether any container or TTL node exists: the container manager sleeps while none does. */
    public boolean hasContainersOrTtlNodes() {
        return !containers.isEmpty() || !ttlNodes.isEmpty();
    }

    /** All TTL node paths, sorted (for the container manager). */
    public List<String> ttlNodes() {
        return List.copyOf(ttlNodes);
    }

    /** All container paths, sorted (for the container manager). */
    public List<String> containers() {
        return List.copyOf(containers);
    }

    // ---- Snapshots and comparison ------------------------------------------------------

    /** An exact immutable image of this tree, nodes in path order. O(n log n). */
    public DataTreeSnapshot snapshot() {
        List<DataTreeSnapshot.NodeImage> images = new ArrayList<>(nodes.size());
        for (Map.Entry<String, Node> entry : nodes.entrySet()) {
            images.add(DataTreeSnapshot.NodeImage.of(entry.getKey(), entry.getValue()));
        }
        images.sort((a, b) -> a.path().compareTo(b.path()));
        return new DataTreeSnapshot(lastProcessedZxid, images);
    }

    /** Rebuilds a tree from a snapshot; children, ephemerals and containers are derived. */
    public static DataTree restore(DataTreeSnapshot snapshot) {
        DataTree tree = new DataTree(snapshot.nodes().size());
        for (DataTreeSnapshot.NodeImage image : snapshot.nodes()) {
            tree.nodes.put(image.path(), image.toNode());
            tree.registerOwner(image.path(), image.ephemeralOwner());
        }
        for (String path : tree.nodes.keySet()) {
            if (!path.equals("/")) {
                Node parent = tree.nodes.get(ZnodePaths.parentOf(path));
                if (parent == null) {
                    throw new IllegalArgumentException("Snapshot node " + path + " has no parent");
                }
                parent.addChild(ZnodePaths.childName(path));
            }
        }
        tree.lastProcessedZxid = snapshot.lastProcessedZxid();
        return tree;
    }

    /** An independent deep copy (data arrays are shared, as they are never modified). */
    public DataTree copy() {
        DataTree tree = new DataTree(nodes.size());
        for (Map.Entry<String, Node> entry : nodes.entrySet()) {
            tree.nodes.put(entry.getKey(), new Node(entry.getValue()));
        }
        ephemeralsBySession.forEach((session, paths) -> tree.ephemeralsBySession.put(session, new TreeSet<>(paths)));
        tree.containers.addAll(containers);
        tree.ttlNodes.addAll(ttlNodes);
        tree.lastProcessedZxid = lastProcessedZxid;
        return tree;
    }

    /**
     * A 64-bit hash of every node's path and internal fields, independent of insertion
     * order, in O(n) without sorting. Equal trees have equal digests; lastProcessedZxid is
     * deliberately left out so replicas can be compared by content alone. For a readable
     * diff, compare {@link #snapshot()}s or their {@link DataTreeSnapshot#dump()}.
     */
    public long digest() {
        long sum = 0;
        for (Map.Entry<String, Node> entry : nodes.entrySet()) {
            sum += NodeDigest.of(entry.getKey(), entry.getValue());
        }
        return sum;
    }
}
